/**
 * Demo knowledge base: the enterprise handbook (nested folders, pages with tables, code and task
 * lists, a PDF policy, an office-map image, a release-calendar spreadsheet) and the Fleet
 * Console project's design docs, saved several times by different people so the history and
 * diffs have something to show, and mentioning work items so those show "Referenced in docs".
 * Everything goes through the API (files through the real presigned POST). Idempotent: an
 * enterprise library that has documents is left alone.
 */
import { deflateSync } from 'node:zlib';
import type { Page, Project } from '@shared/index';
import type { DocDetail, DocTreeNode, UploadTicket, WikiDetail } from '@shared/schemas/docs';
import writeXlsxFile from 'write-excel-file/node';
import type { ApiSession } from '../lib/api-session';
import { DEMO_IDENTIFIER, type FoundationSeed } from './foundation';

const BASE = `/api/pms/${DEMO_IDENTIFIER}`;
const PROJECT = 'Fleet Console';

async function folder(session: ApiSession, space: string, title: string, root_id: string | null = null) {
  return session.post<DocDetail>(`${BASE}/folders`, { space, title, root_id });
}

async function page(
  session: ApiSession,
  space: string,
  title: string,
  content: string,
  root_id: string | null = null,
): Promise<WikiDetail> {
  return session.post<WikiDetail>(`${BASE}/wikiPages`, { space, title, content, root_id });
}

async function save(session: ApiSession, doc: WikiDetail, content: string, summary: string) {
  return session.put<WikiDetail>(`${BASE}/wikiPages/${doc.id}`, {
    content,
    summary,
    baseRevision: doc.revision,
  });
}

/** A file the way the browser sends it: a ticket, a POST straight to storage, the confirmation. */
async function upload(
  session: ApiSession,
  space: string,
  fileName: string,
  bytes: Uint8Array,
  root_id: string,
) {
  const ticket = await session.post<UploadTicket>(`${BASE}/docs/files`, {
    space,
    fileName,
    size: bytes.length,
    root_id,
  });
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', new Blob([Buffer.from(bytes)]), fileName);
  const stored = await fetch(ticket.url, { method: 'POST', body: form });
  if (!stored.ok) throw new Error(`Storing ${fileName} failed: ${stored.status} ${await stored.text()}`);
  return session.post<DocDetail>(`${BASE}/docs/files/${ticket.doc.id}/confirm`);
}

/** A one-page PDF with a title and a few lines, with a proper cross-reference table. */
function policyPdf(): Uint8Array {
  const lines = [
    'Acme Robotics - Information security policy',
    '1. Laptops use full-disk encryption and lock after 5 minutes.',
    '2. Production access needs a second reviewer and expires in 8 hours.',
    '3. Report a lost device to security@acme.example within one hour.',
  ];
  const text = lines
    .map((line, i) => `BT /F1 ${i === 0 ? 16 : 11} Tf 40 ${780 - i * 28} Td (${line}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A 320×200 floor plan: grey aisles on a pale floor, two coloured charging bays. */
function floorPlanPng(): Uint8Array {
  const width = 320;
  const height = 200;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    for (let x = 0; x < width; x++) {
      const aisle = x % 60 < 12 && y > 20 && y < 180;
      const bay = y > 182 && (x < 60 || x > 260);
      const [r, g, b] = bay
        ? x < 60
          ? [46, 160, 67]
          : [34, 139, 230]
        : aisle
          ? [134, 142, 150]
          : [248, 249, 250];
      const at = y * (width * 3 + 1) + 1 + x * 3;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ]);
}

async function releaseCalendar(): Promise<Uint8Array> {
  const header = ['Release', 'Code freeze', 'Ship date', 'Owner', 'Notes'].map((value) => ({
    value,
    fontWeight: 'bold' as const,
  }));
  const rows = [
    ['Fleet 4.2', '2026-09-14', '2026-09-28', 'Bob', 'Live map rewrite'],
    ['Fleet 4.3', '2026-10-19', '2026-11-02', 'Carol', 'Scheduled zones'],
    ['Fleet 4.4', '2026-11-23', '2026-12-07', 'Dave', 'Charging planner'],
    ['Fleet 5.0', '2027-01-25', '2027-02-08', 'Alice', 'Multi-site fleets'],
  ].map((row) => row.map((value) => ({ value })));
  return writeXlsxFile([header, ...rows]).toBuffer();
}

const HANDBOOK_WELCOME = `# Welcome to Acme Robotics

This handbook is where we write down **how we work**. Anyone can improve it: press *Edit*, change
what is out of date, and say what you changed in the summary.

## Where things are

| Topic | Page |
| ----- | ---- |
| Your first week | People / Onboarding |
| Reviews and merging | Engineering / Code review |
| Being on call | Engineering / On-call |

## Your first day

- [x] Collect your laptop and badge from the front desk
- [ ] Set up two-factor sign-in
- [ ] Read the security policy (Policies folder)
- [ ] Say hello in #general
`;

const ONBOARDING = `# Onboarding

Your buddy meets you at 9:30 on your first day. In the first two weeks you will:

1. Pair with your buddy on a small fix and ship it.
2. Sit in on a planning meeting and a retrospective.
3. Spend an afternoon in the warehouse with the robots.

> Ask questions early. Nobody expects you to know the fleet software on day one.
`;

const TIME_OFF = `# Time off

We have **28 days** of paid leave a year, plus public holidays. Book time off in the HR tool at
least two weeks ahead for anything longer than three days, and tell your team in stand-up.
`;

const CODE_REVIEW = `# Code review

Every change is reviewed by one person who did not write it. Reviews answer within one working day.

## What reviewers look for

- Does it do what the work item says?
- Are there tests that fail without the change?
- Will the person on call understand the logs it writes?

## Example: a good test

\`\`\`ts
it('routes around a keep-out zone', () => {
  const route = plan(map, { from: 'A1', to: 'C4', zones: [keepOut('B2')] });
  expect(route.cells).not.toContain('B2');
});
\`\`\`
`;

const ON_CALL = `# On-call

One engineer is on call each week, Monday 10:00 to Monday 10:00.

| Severity | Answer within | Example |
| -------- | ------------- | ------- |
| SEV1 | 15 minutes | The whole fleet stops |
| SEV2 | 1 hour | One site cannot dispatch |
| SEV3 | Next working day | A report is late |

Hand over with a short note of what happened and what is still open.
`;

function liveMapV1(n: number[]) {
  return `# Live map architecture

## Context

The live map shows every robot's position. Today it polls the fleet API every five seconds,
which is too slow for operators who follow a robot through an aisle.

## Proposal

Robots publish positions to a message bus. A small gateway fans them out to browsers over
WebSockets. The map draws markers from the latest position of each robot.

Tracked in #${n[0]}.
`;
}

function liveMapV2(n: number[]) {
  return `# Live map architecture

## Context

The live map shows every robot's position. Today it polls the fleet API every five seconds,
which is too slow for operators who follow a robot through an aisle.

## Proposal

Robots publish positions to a message bus. A small gateway fans them out to browsers over
WebSockets, batching updates every 200 ms. The map draws markers from the latest position of
each robot and fades a marker that has not moved for ten seconds.

## Open questions

- [ ] How many browsers can one gateway serve?
- [x] Do we keep the polling API for reports? Yes, unchanged.

Tracked in #${n[0]}; the stale-marker behaviour is #${n[1] ?? n[0]}.
`;
}

function liveMapV3(n: number[]) {
  return `${liveMapV2(n)}
## Load test

| Browsers | Gateway CPU | p95 delay |
| -------- | ----------- | --------- |
| 100 | 12% | 140 ms |
| 500 | 41% | 180 ms |
| 1000 | 77% | 260 ms |

One gateway serves a site comfortably; we run two for failover.
`;
}

const ZONES_RFC = `# Zone editor RFC

Operators draw keep-out and slow zones on the map. A zone is a polygon with a kind, an optional
schedule (for example 22:00-06:00) and the sites it applies to.

\`\`\`json
{ "kind": "keep-out", "points": [[2, 3], [8, 3], [8, 6], [2, 6]], "schedule": "22:00-06:00" }
\`\`\`

Route planning reads the active zones when it plans the next route; a robot already on a route
finishes it.
`;

export async function seedDocs(seed: FoundationSeed): Promise<{ pages: number; files: number } | null> {
  const owner = seed.owner;
  const existing = await owner.get<DocTreeNode[]>(`${BASE}/docs/tree?space=enterprise`);
  if (existing.length > 0) return null;
  const bob = seed.sessions.get('bob') ?? owner;
  const carol = seed.sessions.get('carol') ?? owner;
  let pages = 0;
  let files = 0;

  // The enterprise handbook.
  const handbook = await folder(owner, 'enterprise', 'Handbook');
  await page(owner, 'enterprise', 'Welcome', HANDBOOK_WELCOME, handbook.id);
  const people = await folder(owner, 'enterprise', 'People', handbook.id);
  await page(owner, 'enterprise', 'Onboarding', ONBOARDING, people.id);
  await page(owner, 'enterprise', 'Time off', TIME_OFF, people.id);
  const engineering = await folder(owner, 'enterprise', 'Engineering', handbook.id);
  const review = await page(owner, 'enterprise', 'Code review', CODE_REVIEW, engineering.id);
  await save(
    bob,
    review,
    `${CODE_REVIEW}\nSmall changes (under 200 lines) get answered first.\n`,
    'Ask for small changes',
  );
  await page(owner, 'enterprise', 'On-call', ON_CALL, engineering.id);
  pages += 6;
  const policies = await folder(owner, 'enterprise', 'Policies', handbook.id);
  await upload(owner, 'enterprise', 'Security policy.pdf', policyPdf(), policies.id);
  const office = await folder(owner, 'enterprise', 'Office');
  await upload(owner, 'enterprise', 'Warehouse floor plan.png', floorPlanPng(), office.id);
  await upload(owner, 'enterprise', 'Release calendar.xlsx', await releaseCalendar(), office.id);
  files += 3;

  // The Fleet Console project's design docs.
  const projects = await owner.get<Page<Project>>(`${BASE}/pmsProject/list?pageSize=100`);
  const project = projects.rows.find((p) => p.name === PROJECT);
  if (project) {
    const items = await owner
      .get<Page<{ issueNumber: number }>>(
        `${BASE}/pmsProjectIssues/list?pmsProjectId=${project.id}&pageSize=5`,
      )
      .catch(() => ({ rows: [] as { issueNumber: number }[] }));
    const numbers = items.rows.map((row) => row.issueNumber);
    const mention = numbers.length > 0 ? numbers : [1];
    const design = await folder(bob, project.id, 'Design');
    let live = await page(bob, project.id, 'Live map architecture', liveMapV1(mention), design.id);
    live = await save(carol, live, liveMapV2(mention), 'Batching, stale markers and open questions');
    await save(bob, live, liveMapV3(mention), 'Load test results');
    await page(carol, project.id, 'Zone editor RFC', ZONES_RFC, design.id);
    const notes = await folder(bob, project.id, 'Meeting notes');
    await page(
      bob,
      project.id,
      'Sprint review',
      `# Sprint review\n\n- Live map: WebSocket gateway merged (#${mention[0]})\n- Zones: RFC agreed, build starts next sprint\n`,
      notes.id,
    );
    pages += 3;
  }
  return { pages, files };
}
