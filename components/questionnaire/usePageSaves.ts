'use client';

import { useEffect, useRef, useState } from 'react';
import { StatusCode } from '@/lib/api/codes';
import type { QuestionnairePageResponse } from '@/lib/api/schemas/questionnaire';
import { newSaveId, postWhenOnline } from '@/lib/client/postWhenOnline';
import { useAnswersKeptThroughTimeout } from '@/lib/client/answersKept';
import { encodeAnswers } from '@/lib/flows/questionnaire';
import { useUnsavedAnswers } from '@/components/chrome/UnsavedAnswers';
import { answersOf } from './pageValues';

/** How long after the last choice the draft is saved. */
const DRAFT_DELAY_MS = 1000;

type Page = QuestionnairePageResponse;

/** What is on screen now: a draft that fires later sends this, not what was there when it was asked for. */
type OnScreen = { values: Map<number, number>; start: number; questions: Page['questions'] };

type Options = { initialRevision: number | null; questionsPerPage: number; unset: number; onDraftConflict: (server: Page) => void };

/**
 * The page's saves: drafts a second after the last choice, page turns, one at a time in the order
 * asked for, and what the server has acknowledged of them (which decides whether leaving the page
 * must warn). A draft or turn that finds no connection waits for it and is sent again.
 */
export function usePageSaves(onScreen: OnScreen, { initialRevision, questionsPerPage, unset, onDraftConflict }: Options) {
  const { setHasUnsavedAnswers } = useUnsavedAnswers();
  // The page's revision (an upstream that has none gets no drafts and no conflict check). Kept in a
  // ref as well: a save that is queued reads the one the save before it brought.
  const [revision, setRevisionState] = useState(initialRevision);
  const revisionRef = useRef(initialRevision);
  const setRevision = (next: number | null) => {
    revisionRef.current = next;
    setRevisionState(next);
  };
  useEffect(() => {
    revisionRef.current = revision;
  }, [revision]);
  const [offline, setOffline] = useState(false);
  // Saves go one at a time, in the order asked for: a draft, then the page turn that follows it.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const draftTimer = useRef<number | undefined>(undefined);
  // Choices made on this page, and how many of them the server has acknowledged (as a draft or a save).
  const changes = useRef(0);
  const acknowledged = useRef(0);
  const latest = useRef(onScreen);
  useEffect(() => {
    latest.current = onScreen;
  });
  useAnswersKeptThroughTimeout(revision !== null);

  function enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.current.then(task);
    queue.current = run.catch(() => undefined);
    return run;
  }

  const acknowledge = (upTo: number) => {
    acknowledged.current = Math.max(acknowledged.current, upTo);
    if (acknowledged.current >= changes.current) setHasUnsavedAnswers(false);
  };

  /** Saves what is chosen on the page as a draft: kept by the server, shown again when the page loads, no answer yet. */
  const saveDraft = async () => {
    const { values: chosen, start: pageStart, questions: pageQuestions } = latest.current;
    const base = revisionRef.current;
    const upTo = changes.current;
    if (base === null || upTo <= acknowledged.current) return;
    const response = await postWhenOnline(
      'pageinfo/questionnaire',
      {
        questionsPerPage,
        questionStartIndex: pageStart,
        answers: encodeAnswers(pageStart, answersOf(pageQuestions, chosen, unset)),
        draft: true,
        baseRevision: base,
        saveId: newSaveId(),
      },
      setOffline,
    );
    // Not saved (the server failed, the session ended): the choices stay on screen and unsaved, and
    // the next choice or page turn sends them again.
    if (response.transportFailed || response.statusCode !== StatusCode.Ok) return;
    if (latest.current.start !== pageStart) return;
    if (response.conflict) {
      onDraftConflict(response);
      return;
    }
    setRevision(response.revision ?? null);
    acknowledge(upTo);
  };

  useEffect(() => () => window.clearTimeout(draftTimer.current), []);

  useEffect(() => () => setHasUnsavedAnswers(false), [setHasUnsavedAnswers]);

  return {
    revision,
    offline,
    /** A choice was made: leaving now warns, and the draft is (re)timed. */
    changed() {
      changes.current += 1;
      setHasUnsavedAnswers(true);
      if (revisionRef.current === null) return;
      window.clearTimeout(draftTimer.current);
      draftTimer.current = window.setTimeout(() => void enqueue(saveDraft), DRAFT_DELAY_MS);
    },
    hasChanges: () => changes.current > 0,
    draftNow: () => void enqueue(saveDraft),
    /**
     * Sends a page turn, with the page's answers when it saves them. The page turn saves what a
     * waiting draft would have: the draft is not sent, and one that is under way finishes first (its
     * revision is the one this save is based on, which is why the body is built when its turn comes).
     */
    sendTurn(questionStartIndex: number, saved: { start: number; answers: Array<{ id: number; value: number }> } | null) {
      window.clearTimeout(draftTimer.current);
      const saveId = newSaveId();
      return enqueue(() =>
        postWhenOnline(
          'pageinfo/questionnaire',
          {
            questionsPerPage,
            questionStartIndex,
            ...(saved && { answers: encodeAnswers(saved.start, saved.answers) }),
            ...(saved && revisionRef.current !== null && { baseRevision: revisionRef.current, saveId }),
          },
          setOffline,
        ),
      );
    },
    /** A new page is on screen, as the server saved it: nothing on it is unsaved. */
    turned(nextRevision: number | null) {
      setRevision(nextRevision);
      changes.current = 0;
      acknowledged.current = 0;
      setHasUnsavedAnswers(false);
    },
    /** The server's version of this page replaced the choices on screen. */
    tookServers(serverRevision: number | null) {
      setRevision(serverRevision);
      acknowledged.current = changes.current;
      setHasUnsavedAnswers(false);
    },
    /** Mine are now based on what the server holds: sent again, they replace it knowingly. */
    rebase: setRevision,
    /**
     * The server rendered another page than the one on screen: its revision is taken as the page is
     * rendered, and reaches queued saves once it is committed.
     */
    reloaded: setRevisionState,
  };
}
