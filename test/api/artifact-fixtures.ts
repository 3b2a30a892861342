/** Artifact repositories and assets through the API, for the artifact tests and the permission matrix. */
import type { ArtifactRepository, Asset, PackagedTicket } from '@shared/schemas/artifacts';
import type { Enterprise } from '@shared/schemas/enterprise';
import { expect } from 'vitest';
import { expectStatus, type Res, type TestUser, unique } from './helpers';

export const repositoriesPath = (enterprise: Enterprise) =>
  `/api/pms/${enterprise.enterpriseIdentifier}/pmsProductLibraryRepositories`;
export const libraryPath = (enterprise: Enterprise, repositoryId: string) =>
  `/api/pms/${enterprise.enterpriseIdentifier}/pmsProductLibrary/${repositoryId}`;

export async function createHosted(
  actor: TestUser,
  enterprise: Enterprise,
  body: Record<string, unknown> & { format: string },
): Promise<ArtifactRepository> {
  const res = await actor.client.post<ArtifactRepository>(`${repositoriesPath(enterprise)}/hosted`, {
    name: unique(`${body.format}-`),
    ...body,
  });
  return expectStatus(res, 201).data;
}

/** Posts the bytes to the presigned address, as a browser's form would. */
export async function postToTicket(ticket: PackagedTicket, bytes: Uint8Array): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', new Blob([Buffer.from(bytes)]), 'upload.bin');
  const stored = await fetch(ticket.url, { method: 'POST', body: form });
  expect(stored.status, await stored.clone().text()).toBe(204);
}

/** Starts a packaged upload, stores the bytes and confirms: the confirm's answer. */
export async function uploadAsset(
  actor: TestUser,
  enterprise: Enterprise,
  repositoryId: string,
  path: string,
  bytes: Uint8Array,
  sha256?: string,
): Promise<Res<Asset>> {
  const base = libraryPath(enterprise, repositoryId);
  const start = await actor.client.post<PackagedTicket>(`${base}/packaged`, {
    path,
    size: bytes.length,
    sha256,
  });
  if (start.status !== 201) return start as unknown as Res<Asset>;
  await postToTicket(start.data, bytes);
  return actor.client.post<Asset>(`${base}/packaged/${start.data.uploadId}/confirm`);
}

export const textBytes = (text: string) => new TextEncoder().encode(text);
