/** Knowledge-base helpers for the API tests: folders, pages, uploads through the real presigned POST. */
import type { DocDetail, UploadTicket, WikiDetail } from '@shared/schemas/docs';
import type { Enterprise } from '@shared/schemas/enterprise';
import { strToU8, zipSync } from 'fflate';
import { expect } from 'vitest';
import { expectStatus, type Res, type TestUser } from './helpers';

export const pmsOf = (enterprise: Enterprise) => `/api/pms/${enterprise.enterpriseIdentifier}`;

export async function createFolder(
  actor: TestUser,
  enterprise: Enterprise,
  body: { space: string; title: string; root_id?: string | null },
): Promise<DocDetail> {
  return expectStatus(await actor.client.post<DocDetail>(`${pmsOf(enterprise)}/folders`, body), 201).data;
}

export async function createPage(
  actor: TestUser,
  enterprise: Enterprise,
  body: { space: string; title: string; root_id?: string | null; content?: string; summary?: string },
): Promise<WikiDetail> {
  return expectStatus(await actor.client.post<WikiDetail>(`${pmsOf(enterprise)}/wikiPages`, body), 201).data;
}

export async function savePage(
  actor: TestUser,
  enterprise: Enterprise,
  id: string,
  body: { content: string; baseRevision: number; title?: string; summary?: string },
): Promise<Res<WikiDetail>> {
  return actor.client.put<WikiDetail>(`${pmsOf(enterprise)}/wikiPages/${id}`, body);
}

export function errorOf(res: Res): string {
  return res.body.errorMessage as string;
}

/** Posts the bytes to the presigned address exactly as a browser form would. */
export async function postToStorage(
  ticket: UploadTicket,
  bytes: Uint8Array,
  fileName: string,
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', new Blob([Buffer.from(bytes)]), fileName);
  return fetch(ticket.url, { method: 'POST', body: form });
}

/** Starts, uploads and confirms a file; the confirm's answer. */
export async function uploadFile(
  actor: TestUser,
  enterprise: Enterprise,
  body: { space: string; fileName: string; root_id?: string | null; attachTo?: string },
  bytes: Uint8Array,
): Promise<Res<DocDetail>> {
  const start = await actor.client.post<UploadTicket>(`${pmsOf(enterprise)}/docs/files`, {
    ...body,
    size: bytes.length,
  });
  const ticket = expectStatus(start, 201).data;
  const stored = await postToStorage(ticket, bytes, body.fileName);
  expect(stored.status, await stored.clone().text()).toBe(204);
  return actor.client.post<DocDetail>(`${pmsOf(enterprise)}/docs/files/${ticket.doc.id}/confirm`);
}

/** A minimal valid PDF (one empty page). */
export function pdfBytes(text = 'Hello'): Uint8Array {
  const body = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >> endobj
4 0 obj << /Length 44 >> stream
BT /F1 18 Tf 20 70 Td (${text}) Tj ET
endstream endobj
5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;
  return new TextEncoder().encode(body);
}

/** A 1×1 PNG. */
export const PNG_BYTES = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
);

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A minimal Word document, zipped part by part the way a word processor saves one (content types
 * first, the package relationships, the document): each paragraph a run of text, a `**bold**`
 * paragraph as a bold run. Enough for file-type to call it .docx and for mammoth to read it.
 */
export function docxBytes(paragraphs: readonly string[]): Uint8Array {
  const xml = (body: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);
  const body = paragraphs
    .map((text) => {
      const bold = /^\*\*(.*)\*\*$/.exec(text);
      const run = bold
        ? `<w:rPr><w:b/></w:rPr><w:t xml:space="preserve">${escapeXml(bold[1]!)}</w:t>`
        : `<w:t xml:space="preserve">${escapeXml(text)}</w:t>`;
      return `<w:p><w:r>${run}</w:r></w:p>`;
    })
    .join('');
  return zipSync({
    '[Content_Types].xml': xml(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '</Types>',
    ),
    '_rels/.rels': xml(
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    ),
    'word/document.xml': xml(
      `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    ),
  });
}

/** A one-sheet workbook written by write-excel-file, the first row its header. */
export async function xlsxBytes(rows: readonly (readonly string[])[]): Promise<Uint8Array> {
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const buffer = await writeXlsxFile(rows.map((row) => row.map((value) => ({ value })))).toBuffer();
  return new Uint8Array(buffer);
}
