/**
 * Every page of the product under its Content-Security-Policy (infra/lib/security-headers.ts, as
 * the embedded server sends it): one sign-in, then each top-level route family in turn, with
 * data in every corner (a work item of each kind, a sprint, a product with a requirement and a
 * spec, a test case in a sheet, a wiki page, files of every previewed kind uploaded straight to
 * storage, a connected repository). Any `securitypolicyviolation` in a page, or a console message
 * about the policy, fails the test with the page and what was blocked.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { DocDetail, UploadTicket, WikiDetail } from '@shared/schemas/docs';
import type { IssueDetail } from '@shared/schemas/issues';
import type { Product } from '@shared/schemas/products';
import type { Project } from '@shared/schemas/projects';
import type { Repository } from '@shared/schemas/repositories';
import type { SpecDetail, UserRequirementDetail } from '@shared/schemas/requirements';
import type { Sprint } from '@shared/schemas/sprints';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import { ApiSession } from '../../scripts/lib/api-session';
import { authedCloneUrl, createBareRepository } from '../../scripts/lib/git-server';
import { docxBytes, PNG_BYTES, pdfBytes, xlsxBytes } from '../api/docs-fixtures';
import { launchBrowser, signIn, snapshot } from './browser';

const run = promisify(execFile);
const baseUrl = inject('baseUrl');
const gitServer = inject('gitServer');
const suffix = randomBytes(3).toString('hex');
const owner = { login: `csp${suffix}`, nickname: 'Cora Policy', password: 'correct-horse-7' };
const identifier = `csp-${suffix}`;
const pms = `/api/pms/${identifier}`;
const scratch = mkdtempSync(join(tmpdir(), 'csp-browser-'));

let browser: Browser;
let api: ApiSession;
const ids: Record<string, string> = {};

/** A file the way the page uploads it: a ticket, a POST straight to storage, the confirmation. */
async function upload(fileName: string, bytes: Uint8Array): Promise<DocDetail> {
  const ticket = await api.post<UploadTicket>(`${pms}/docs/files`, {
    space: 'enterprise',
    fileName,
    size: bytes.length,
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', new Blob([Buffer.from(bytes)]), fileName);
  const stored = await fetch(ticket.url, { method: 'POST', body: form });
  if (!stored.ok) throw new Error(`storing ${fileName}: ${stored.status}`);
  return api.post<DocDetail>(`${pms}/docs/files/${ticket.doc.id}/confirm`);
}

async function connectRepository(projectId: string): Promise<Repository> {
  const name = `csp-${suffix}`;
  await createBareRepository(gitServer.root, name);
  const work = mkdtempSync(join(scratch, 'wc-'));
  const git = (...args: string[]) =>
    run('git', ['-c', 'user.name=Cora', '-c', 'user.email=cora@example.com', ...args], { cwd: work });
  await git('init', '--quiet', '--initial-branch=main');
  await git('commit', '--quiet', '--allow-empty', '-m', 'Initial commit');
  await git('push', '--quiet', authedCloneUrl(gitServer.url, gitServer.token, name), 'main');
  const repository = await api.post<Repository>(`${pms}/pmsRepository`, {
    cloneUrl: `${gitServer.url}/${name}.git`,
    token: gitServer.token,
  });
  await api.post(`${pms}/pmsProjectRepository`, { pmsProjectId: projectId, repositoryIds: [repository.id] });
  return repository;
}

beforeAll(async () => {
  browser = await launchBrowser();
  api = new ApiSession(baseUrl);
  await api.post('/api/auth/signup', { ...owner, email: `${owner.login}@example.com` });
  await api.post('/api/pms/pmsEnterprise', { identifier, name: 'Policy Ltd' });
  const project = await api.post<Project>(`${pms}/pmsProject`, { name: 'Harbour Console' });
  ids.project = project.id;
  for (const [kind, type] of [
    ['demand', 1],
    ['task', 2],
    ['bug', 3],
  ] as const) {
    const item = await api.post<IssueDetail>(`${pms}/pmsProjectIssues/add`, {
      pmsProjectId: project.id,
      pmIssueType: type,
      title: `A ${kind} to look at`,
      description: `**Markdown** with a [link](https://example.com) and \`code\`.`,
    });
    ids[kind] = item.id;
  }
  const today = new Date().toISOString().slice(0, 10);
  const inTwoWeeks = new Date(Date.now() + 13 * 86_400_000).toISOString().slice(0, 10);
  const sprint = await api.post<Sprint>(`${pms}/pmsProjectSprint`, {
    pmsProjectId: project.id,
    name: 'Sprint One',
    startDate: today,
    endDate: inTwoWeeks,
  });
  ids.sprint = sprint.id;
  await api.put(`${pms}/pmsProjectSprint/${sprint.id}/issues`, { add: [ids.task] });
  const product = await api.post<Product>(`${pms}/pmsProduct`, {
    name: 'Harbour',
    identifier: `H${suffix.toUpperCase()}`,
    // The one user here writes and reviews.
    allowSelfReview: true,
  });
  ids.product = product.id;
  const requirement = await api.post<UserRequirementDetail>(`${pms}/productUserRequirement`, {
    productId: product.id,
    title: 'Operators see every vessel',
  });
  ids.requirement = requirement.id;
  // A spec refines a requirement that passed its review.
  await api.put(`${pms}/productUserRequirement/review`, {
    id: requirement.id,
    version: requirement.version,
    result: 'pass',
  });
  const spec = await api.post<SpecDetail>(`${pms}/productRequirementSpecs`, {
    productId: product.id,
    title: 'The map shows every vessel',
    userRequirementId: requirement.id,
  });
  ids.spec = spec.id;
  const testCase = await api.post<{ id: string }>(`${pms}/pmsProjectTestcase`, {
    pmsProjectId: project.id,
    title: 'The map loads',
  });
  ids.case = testCase.id;
  const sheet = await api.post<{ id: string }>(`${pms}/pmsProjectTestsheet`, {
    pmsProjectId: project.id,
    name: 'Release check',
  });
  await api.post(`${pms}/pmsProjectTestsheetCases`, { projectTestsheetId: sheet.id, caseIds: [testCase.id] });
  const wiki = await api.post<WikiDetail>(`${pms}/wikiPages`, {
    space: 'enterprise',
    title: 'Handbook',
    content: '# Handbook\n\n| Day | Who |\n| --- | --- |\n| Mon | Cora |\n\n```ts\nconst a = 1;\n```',
  });
  ids.wiki = wiki.id;
  ids.image = (await upload('harbour.png', PNG_BYTES)).id;
  ids.pdf = (await upload('policy.pdf', pdfBytes('Lock your laptop'))).id;
  ids.text = (await upload('notes.txt', new TextEncoder().encode('Plain notes\n'))).id;
  ids.docx = (await upload('memo.docx', docxBytes(['A memo in Word']))).id;
  ids.xlsx = (
    await upload(
      'rota.xlsx',
      await xlsxBytes([
        ['Day', 'Who'],
        ['Mon', 'Cora'],
      ]),
    )
  ).id;
  ids.repository = (await connectRepository(project.id)).id;
});

afterAll(async () => {
  await browser?.close();
  rmSync(scratch, { recursive: true, force: true });
});

interface Violation {
  page: string;
  what: string;
}

/** Collects violations from every page of the context, across navigations. */
async function watchPolicy(context: BrowserContext, violations: Violation[], current: () => string) {
  await context.exposeBinding('__cspViolation', (_source, what: string) => {
    violations.push({ page: current(), what });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __cspViolation: (what: string) => void }).__cspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      );
    });
  });
}

function watchConsole(page: Page, violations: Violation[], current: () => string) {
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|Permissions-Policy/i.test(message.text()))
      violations.push({ page: current(), what: `console ${message.type()}: ${message.text()}` });
  });
}

test('every page loads under the Content-Security-Policy without a violation', async () => {
  const violations: Violation[] = [];
  let current = '/login';
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await watchPolicy(context, violations, () => current);
  const page = await context.newPage();
  watchConsole(page, violations, () => current);
  try {
    // The policy is on: the document says so, and the detector sees a blocked inline script.
    const first = await page.goto(`${baseUrl}/login`);
    const csp = first?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(first?.headers()['x-content-type-options']).toBe('nosniff');
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
    });
    await expect.poll(() => violations.length).toBe(1);
    expect(
      await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan),
    ).toBeUndefined();
    violations.length = 0;

    await signIn(page, baseUrl, owner);
    const p = `/${identifier}/projects/${ids.project}`;
    const pages: [string, (page: Page) => Promise<unknown>][] = [
      ['/enterprises', (pg) => pg.getByText('Policy Ltd').first().waitFor()],
      ['/account/password', (pg) => pg.getByLabel('Current password').waitFor()],
      [`/${identifier}`, (pg) => pg.getByText('Policy Ltd').first().waitFor()],
      [`/${identifier}/projects`, (pg) => pg.getByText('Harbour Console').first().waitFor()],
      // A chart is drawn once its box nears the screen: scroll to one.
      [
        p,
        async (pg) => {
          await pg.getByRole('img', { name: 'Work items by kind' }).scrollIntoViewIfNeeded();
          await pg.locator('canvas').first().waitFor();
        },
      ],
      [`${p}/demand`, (pg) => pg.getByText('A demand to look at').first().waitFor()],
      [`${p}/task`, (pg) => pg.getByText('A task to look at').first().waitFor()],
      [`${p}/bug`, (pg) => pg.getByText('A bug to look at').first().waitFor()],
      [`${p}/task/${ids.task}`, (pg) => pg.getByText('Markdown').first().waitFor()],
      [`${p}/iteration`, (pg) => pg.getByText('Sprint One').first().waitFor()],
      [`${p}/iteration/${ids.sprint}`, (pg) => pg.getByText('A task to look at').first().waitFor()],
      [`${p}/test`, (pg) => pg.getByText('The map loads').first().waitFor()],
      [`${p}/test/sheet`, (pg) => pg.getByText('Release check').first().waitFor()],
      [`${p}/code`, (pg) => pg.getByText(`csp-${suffix}`).first().waitFor()],
      [`/${identifier}/codes`, (pg) => pg.getByText(`csp-${suffix}`).first().waitFor()],
      [`/${identifier}/docs`, (pg) => pg.getByText('Handbook').first().waitFor()],
      [
        `/${identifier}/docs/wiki/${ids.wiki}`,
        (pg) => pg.getByTestId('wiki-body').locator('table').waitFor(),
      ],
      [`/${identifier}/docs/file/${ids.image}/preview`, (pg) => pg.getByTestId('preview-image').waitFor()],
      [`/${identifier}/docs/file/${ids.pdf}/preview`, (pg) => pg.getByTestId('preview-pdf').waitFor()],
      [`/${identifier}/docs/file/${ids.text}/preview`, (pg) => pg.getByTestId('preview-text').waitFor()],
      [`/${identifier}/docs/file/${ids.docx}/preview`, (pg) => pg.getByTestId('preview-docx').waitFor()],
      [`/${identifier}/docs/file/${ids.xlsx}/preview`, (pg) => pg.getByTestId('preview-table').waitFor()],
      [`/${identifier}/products`, (pg) => pg.getByText('Harbour').first().waitFor()],
      [`/${identifier}/products/${ids.product}`, (pg) => pg.getByText('Harbour').first().waitFor()],
      [
        `/${identifier}/products/${ids.product}/needs/${ids.requirement}`,
        (pg) => pg.getByText('Operators see every vessel').first().waitFor(),
      ],
      [
        `/${identifier}/products/${ids.product}/demand`,
        (pg) => pg.getByText('The map shows every vessel').first().waitFor(),
      ],
      [`/${identifier}/products/${ids.product}/plan`, (pg) => pg.waitForLoadState('networkidle')],
      [`/${identifier}/members`, (pg) => pg.getByText('Cora Policy').first().waitFor()],
      [`/${identifier}/admin`, (pg) => pg.waitForLoadState('networkidle')],
      [`/${identifier}/admin/roles`, (pg) => pg.waitForLoadState('networkidle')],
      [`/${identifier}/admin/labels`, (pg) => pg.waitForLoadState('networkidle')],
    ];
    for (const [path, loaded] of pages) {
      current = path;
      await page.goto(`${baseUrl}${path}`);
      await loaded(page);
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('route-error').count(), `${path} failed to load`).toBe(0);
    }

    // A failure shows the server's request id under its message, for support to find the log line.
    current = `${p}/task/missing`;
    await page.goto(`${baseUrl}${current}`);
    await expect
      .poll(() => page.getByTestId('request-id').first().textContent())
      .toMatch(/^Request id: [\w-]{8,}$/);

    // An upload from the page: the presigned POST goes straight to storage (connect-src).
    current = `/${identifier}/docs (upload)`;
    await page.goto(`${baseUrl}/${identifier}/docs`);
    const file = join(scratch, 'upload.txt');
    writeFileSync(file, 'Uploaded from the page\n');
    await page.getByTestId('docs-upload-input').setInputFiles(file);
    await page.waitForURL(/\/docs\/file\/[^/]+\/preview$/);
    await page.getByTestId('preview-text').getByText('Uploaded from the page').waitFor();
  } catch (error) {
    await snapshot(page, 'content-security-policy');
    throw error;
  } finally {
    await context.close();
  }
  expect(violations).toEqual([]);
});
