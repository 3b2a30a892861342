/**
 * What an uploaded file is, from its bytes: the name only says what it claims to be. Binary types
 * are recognised by their signature (`file-type`, loaded on first use: ~70 KB that only the
 * confirm call needs); text types must be UTF-8 without NUL bytes. The two must agree.
 */
import { badRequest } from '@core/errors';
import { extensionOf, FILE_TYPES, type FileTypeRule } from '@shared/domain/docs';

/** Bytes read to check a file (office files need a few zip entries past the signature). */
export const HEAD_BYTES = 64 * 1024;

/** The rule for a file name's extension; 400 naming the extension when it is not accepted. */
export function ruleFor(fileName: string, field = 'fileName'): FileTypeRule {
  const ext = extensionOf(fileName);
  const rule = FILE_TYPES[ext];
  if (!rule) {
    throw badRequest(
      field,
      ext ? `files of type .${ext} are not accepted` : `${fileName} has no extension saying what it is`,
    );
  }
  return rule;
}

/** Whether the bytes read as UTF-8 text (a character cut at the end of the head is fine). */
function isText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  let end = head.length;
  // Drop a multi-byte character the range cut in two: back up to its lead byte.
  for (let back = 0; back < 3 && end > 0 && (head[end - 1]! & 0xc0) === 0x80; back += 1) end -= 1;
  if (end > 0 && head[end - 1]! >= 0xc0) end -= 1;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

const describe = (detected: { ext: string; mime: string } | undefined) =>
  detected ? `${detected.mime} (.${detected.ext})` : 'not recognisable';

/** 400 naming the file unless its first bytes are what its name says it is. */
export async function assertBytesMatch(fileName: string, head: Uint8Array): Promise<FileTypeRule> {
  const rule = ruleFor(fileName, 'file');
  const ext = extensionOf(fileName);
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(head);
  if (rule.check === 'binary') {
    if (!detected || !rule.detected?.includes(detected.ext)) {
      throw badRequest('file', `${fileName} is not a .${ext} file: its content is ${describe(detected)}`);
    }
    return rule;
  }
  // Text formats: XML-based ones (svg, html) may be recognised as xml; anything else binary is wrong.
  const textual = !detected || detected.ext === 'xml' || detected.mime.startsWith('text/');
  if (!textual || !isText(head)) {
    throw badRequest(
      'file',
      `${fileName} is not a .${ext} file: its content is ${detected ? describe(detected) : 'binary, not text'}`,
    );
  }
  return rule;
}
