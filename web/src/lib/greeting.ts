import { useEffect, useState } from 'react';

const SEEN_KEY = (userId: string) => `greeted:${userId}`;

function seenBefore(userId: string): boolean {
  try {
    return localStorage.getItem(SEEN_KEY(userId)) !== null;
  } catch {
    // Storage refused (private mode): greet as a returning person rather than fail.
    return true;
  }
}

/**
 * "Welcome, Ann" the first time a person sees an enterprise home in this browser, "Welcome back,
 * Ann" after that. The first greeting is kept for the whole visit (read once on mount), and the
 * visit is remembered for the next one.
 */
export function useGreeting(userId: string, name: string): string {
  const [returning] = useState(() => seenBefore(userId));
  useEffect(() => {
    try {
      localStorage.setItem(SEEN_KEY(userId), new Date().toISOString());
    } catch {
      // Nothing to remember it in: the next visit greets as a first one again.
    }
  }, [userId]);
  return returning ? `Welcome back, ${name}` : `Welcome, ${name}`;
}
