/**
 * PyPI: the legacy upload API that twine and setuptools use (a multipart POST with
 * `:action=file_upload`, the file as `content` and its digests), and the simple index: PEP 503
 * HTML pages with `#sha256=` fragments, or PEP 691 JSON when the client asks for it. A group's
 * pages list every member's files, the first holder's copy of each.
 */
import { badRequest, notFound } from '@core/errors';
import type { Context } from 'hono';
import { publishAsset } from '../contents';
import { normalizePypiName } from '../formats/pypi';
import { type AssetRecord, listAssets, listComponents } from '../store/contents';
import type { RepositoryRecord } from '../store/repositories';
import type { ClientCall } from './access';
import { contentTypeOf } from './files';
import { readOrder } from './members';

const SIMPLE_JSON = 'application/vnd.pypi.simple.v1+json';
const SIMPLE_PATH = /^simple(?:\/([^/]+))?\/?$/;
/** A distribution's file name: no folders, nothing a path could climb with. */
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._+!-]*\.(whl|tar\.gz|zip|tar\.bz2|egg)$/;
const VERSION = /^[A-Za-z0-9][A-Za-z0-9.+!_-]{0,63}$/;
/** A project name as PEP 508 allows it. */
const PROJECT_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,98}[A-Za-z0-9])?$/;

const escapeHtml = (text: string) =>
  text.replace(/[<>&'"]/g, (ch) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": '#39', '"': 'quot' }[ch]};`);

function field(form: Record<string, unknown>, name: string): string {
  const value = form[name];
  if (typeof value !== 'string' || value.trim() === '') throw badRequest(name, `${name} is required`);
  return value.trim();
}

/** twine upload: stores `packages/{normalized name}/{version}/{file}`, checked against its sha256. */
export async function uploadDistribution(c: Context, call: ClientCall): Promise<Response> {
  const form = (await c.req.parseBody()) as Record<string, unknown>;
  if (form[':action'] !== 'file_upload') throw badRequest(':action', 'Only file_upload is supported');
  const given = field(form, 'name');
  if (!PROJECT_NAME.test(given)) throw badRequest('name', `${given} is not a valid project name`);
  const name = normalizePypiName(given);
  const version = field(form, 'version');
  if (!VERSION.test(version)) throw badRequest('version', `${version} is not a valid version`);
  const content = form.content;
  if (!(content instanceof File)) throw badRequest('content', 'Send the distribution file as content');
  if (!FILE_NAME.test(content.name))
    throw badRequest('content', `${content.name} is not a distribution file name`);
  const sha256 = typeof form.sha256_digest === 'string' ? form.sha256_digest.toLowerCase() : undefined;
  const path = `packages/${name}/${version}/${content.name}`;
  await publishAsset(call.repository, {
    path,
    bytes: new Uint8Array(await content.arrayBuffer()),
    contentType: contentTypeOf(content.name, undefined),
    userId: call.userId,
    expectedSha256: sha256 || undefined,
  });
  return c.json({ ok: true, path }, 201);
}

/** Every file of a project in read order, the first holder's copy of each file name. */
async function projectFiles(repository: RepositoryRecord, name: string): Promise<AssetRecord[]> {
  const files = new Map<string, AssetRecord>();
  for (const member of await readOrder(repository)) {
    for (const asset of await listAssets(member.enterpriseId, member.repositoryId, `packages/${name}/`)) {
      const fileName = asset.path.split('/').at(-1)!;
      if (!files.has(fileName)) files.set(fileName, asset);
    }
  }
  return [...files.values()].sort((a, b) => a.path.localeCompare(b.path));
}

async function projectNames(repository: RepositoryRecord): Promise<string[]> {
  const names = new Set<string>();
  for (const member of await readOrder(repository)) {
    for (const component of await listComponents(member.enterpriseId, member.repositoryId))
      names.add(component.name);
  }
  return [...names].sort();
}

const wantsJson = (c: Context) => (c.req.header('accept') ?? '').includes(SIMPLE_JSON);

function page(title: string, links: string[]): string {
  return `<!DOCTYPE html>\n<html><head><meta name="pypi:repository-version" content="1.0"><title>${escapeHtml(title)}</title></head><body>\n${links.join('<br>\n')}\n</body></html>\n`;
}

/** GET `simple/` (the projects) or `simple/{name}/` (a project's files). */
export async function readSimpleIndex(
  c: Context,
  repository: RepositoryRecord,
  path: string,
): Promise<Response> {
  const match = SIMPLE_PATH.exec(path);
  if (!match) throw notFound(`${path} does not exist in ${repository.name}`);
  const simple = `/api/artifacts/${c.req.param('identifier')}/${c.req.param('repo')}/simple`;
  const requested = match[1];
  if (requested === undefined) {
    // The pages' links are relative to their own address, which ends with a slash.
    if (!c.req.path.endsWith('/')) return c.redirect(`${simple}/`, 301);
    const names = await projectNames(repository);
    if (wantsJson(c)) {
      const projects = names.map((name) => ({ name }));
      return c.body(JSON.stringify({ meta: { 'api-version': '1.0' }, projects }), 200, {
        'Content-Type': SIMPLE_JSON,
      });
    }
    return c.html(
      page(
        'Simple index',
        names.map((n) => `<a href="${escapeHtml(n)}/">${escapeHtml(n)}</a>`),
      ),
    );
  }
  const name = normalizePypiName(requested);
  // PEP 503: a name that is not normalized redirects to the normalized one.
  if (name !== requested || !c.req.path.endsWith('/')) {
    return c.redirect(`${simple}/${name}/`, 301);
  }
  const files = await projectFiles(repository, name);
  if (files.length === 0) throw notFound(`${name} is not in ${repository.name}`);
  const href = (asset: AssetRecord) => `../../${asset.path}#sha256=${asset.sha256}`;
  if (wantsJson(c)) {
    const body = {
      meta: { 'api-version': '1.0' },
      name,
      files: files.map((a) => ({
        filename: a.path.split('/').at(-1)!,
        url: `../../${a.path}`,
        hashes: { sha256: a.sha256 },
      })),
    };
    return c.body(JSON.stringify(body), 200, { 'Content-Type': SIMPLE_JSON });
  }
  return c.html(
    page(
      `Links for ${name}`,
      files.map((a) => `<a href="${escapeHtml(href(a))}">${escapeHtml(a.path.split('/').at(-1)!)}</a>`),
    ),
  );
}
