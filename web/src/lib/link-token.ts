/** `?token=`: the token of a mailed link (reset, verification, invitation). */
export function validateTokenSearch(search: Record<string, unknown>): { token?: string } {
  return typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {};
}

/** A link failure's message without the field prefix (`token: This link has expired...`). */
export function linkProblem(error: unknown): string {
  const message = (error as { errorMessage?: string } | null)?.errorMessage ?? '';
  return message.replace(/^token:\s*/, '') || 'This link does not work; ask for a new one';
}
