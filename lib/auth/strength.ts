import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";

/**
 * zxcvbn-ts with its common-password list (breached passwords), English words and names, and keyboard
 * patterns. Loaded on the first password change only (lib/auth/password.server.ts imports it lazily): the
 * dictionaries take ~40 MB of memory and a quarter of a second to build.
 */
const zxcvbn = new ZxcvbnFactory({
  translations: english.translations,
  graphs: common.adjacencyGraphs,
  dictionary: { ...common.dictionary, ...english.dictionary },
});

export interface Strength {
  /** 0 (a top password) … 4 (very unguessable). */
  score: number;
  /** Why it is weak, as a sentence a person can act on; null when zxcvbn has nothing to say. */
  reason: string | null;
}

export function estimateStrength(password: string, userWords: string[]): Strength {
  const result = zxcvbn.check(password, userWords);
  const reason = result.feedback.warning || result.feedback.suggestions[0] || null;
  return { score: result.score, reason };
}
