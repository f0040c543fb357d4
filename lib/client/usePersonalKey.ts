'use client';

import { useState } from 'react';
import { encryptForUpstream, type ClientCrypto } from './encrypt';
import { canSaveKey, KeyChoice, keySaveProblems, type SaveProblem } from '@/lib/validation/personalKey';

export type PersonalKeyOptions = {
  /** Keep is offered only when a key exists (spec §2, §4); without one 'set' is forced. */
  canKeep: boolean;
  /** A participant with an account has consented already: ticked and locked (spec §4, §6). */
  consentGiven: boolean;
  /**
   * From which key length save reads as enabled (spec §5): the minimum length on the group
   * personal-info pages ("the key is acceptable"), 1 on /accesspassword ("the key is empty"),
   * whose 5-character rule is explained when save is pressed. Default: minLength.
   */
  saveEnabledFrom?: number;
};

/** What <KeyChoice> needs of the state, to spread onto it. */
export type KeyChoiceState = {
  /** Keep is offered only when a key exists (spec §2, §4). */
  canKeep: boolean;
  choice: KeyChoice;
  onChoice: (choice: KeyChoice) => void;
  keyValue: string;
  onKey: (value: string) => void;
  confirmation: string;
  onConfirmation: (value: string) => void;
  privacyAccepted: boolean;
  onPrivacy: (accepted: boolean) => void;
  /** A registered participant's consent is given already: ticked and locked. */
  privacyLocked: boolean;
};

export type PersonalKey = {
  choice: KeyChoice;
  key: string;
  confirmation: string;
  consent: boolean;
  /** A new key is being set (choice 2): the group flows then go to the e-mail step. */
  settingKey: boolean;
  /** Everything that keeps save from saving, in the order an error modal lists it. */
  problems: SaveProblem[];
  /** Whether save reads as enabled; where it does not, a press still explains (problems). */
  canSave: boolean;
  keyChoice: KeyChoiceState;
  /** The key as the upstream takes it: encrypted and trimmed, or empty to keep the current one (spec §5). */
  encrypted: (crypto: ClientCrypto) => Promise<string>;
};

/**
 * The state of a personal-key form (DESIGN "Shared form state"): key choice, key, confirmation and
 * data-privacy consent, with the rules of lib/validation/personalKey.ts. /accesspassword, /register
 * and the group personal-info pages keep their key through it, so the rules of spec §4 and §5 live
 * in one place: without a key 'set' is forced and consent starts unticked; with an account 'keep'
 * is chosen and consent is ticked and locked.
 */
export function usePersonalKey(minLength: number, { canKeep, consentGiven, saveEnabledFrom = minLength }: PersonalKeyOptions): PersonalKey {
  const [choice, setChoice] = useState<KeyChoice>(canKeep ? KeyChoice.Keep : KeyChoice.Set);
  const [key, setKey] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [consent, setConsent] = useState(consentGiven);
  const effectiveChoice = canKeep ? choice : KeyChoice.Set;
  return {
    choice: effectiveChoice,
    key,
    confirmation,
    consent,
    settingKey: effectiveChoice === KeyChoice.Set,
    problems: keySaveProblems(effectiveChoice, key, confirmation, consent, minLength),
    canSave: canSaveKey(effectiveChoice, key, confirmation, consent, saveEnabledFrom),
    keyChoice: {
      canKeep,
      choice: effectiveChoice,
      onChoice: setChoice,
      keyValue: key,
      onKey: setKey,
      confirmation,
      onConfirmation: setConfirmation,
      privacyAccepted: consent,
      // A consent given with the account cannot be taken back here.
      onPrivacy: (accepted) => setConsent(consentGiven || accepted),
      privacyLocked: consentGiven,
    },
    encrypted: async (crypto) => (effectiveChoice === KeyChoice.Keep ? '' : encryptForUpstream(key.trim(), crypto)),
  };
}
