/** @jest-environment jsdom */
import { act, render } from '@testing-library/react';

const committed: string[] = [];
jest.mock('@/lib/session/actions', () => ({
  commitTokenRenewal: async (sealed: string) => {
    committed.push(sealed);
  },
}));

/* eslint-disable @typescript-eslint/no-require-imports -- loaded after the stand-in above */
const { SessionCommit } = require('./SessionCommit') as typeof import('./SessionCommit');
const { asCall } = require('@/lib/client/sessionWrites') as typeof import('@/lib/client/sessionWrites');

beforeEach(() => {
  committed.length = 0;
});

describe('SessionCommit', () => {
  it('stores a renewal once', async () => {
    const { rerender } = render(<SessionCommit renewal="sealed-1" />);
    await act(async () => undefined);
    rerender(<SessionCommit renewal="sealed-1" />);
    await act(async () => undefined);
    expect(committed).toEqual(['sealed-1']);
  });

  it('waits for a call under way (a page turn, whose answer rewrites the session) before it stores the renewal', async () => {
    let answer: (value: string) => void = () => undefined;
    const turn = asCall(() => new Promise<string>((resolve) => (answer = resolve)));
    render(<SessionCommit renewal="sealed-2" />);
    await act(async () => undefined);
    expect(committed).toEqual([]);
    await act(async () => {
      answer('page 2');
      await turn;
    });
    expect(committed).toEqual(['sealed-2']);
  });

  it('stores nothing without a renewal', async () => {
    render(<SessionCommit />);
    await act(async () => undefined);
    expect(committed).toEqual([]);
  });
});
