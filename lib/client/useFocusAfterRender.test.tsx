/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { useRef, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { useFocusAfterRender } from './useFocusAfterRender';

/** A page turn: "Weiter" shows the next page and moves focus to its indicator, as the questionnaire does. */
function Pages({ changes = true }: { changes?: boolean }) {
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState(false);
  const indicator = useRef<HTMLParagraphElement>(null);
  const again = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  return (
    <>
      <p ref={indicator} tabIndex={-1}>
        Seite {page}
      </p>
      {shown && <button ref={again}>Erneut melden</button>}
      <button
        onClick={() => {
          if (changes) setPage((current) => current + 1);
          focusAfterRender(() => indicator.current);
        }}
      >
        Weiter
      </button>
      <button
        onClick={() => {
          setShown(true);
          focusAfterRender(() => again.current);
        }}
      >
        Melden
      </button>
    </>
  );
}

describe('useFocusAfterRender', () => {
  it('moves focus in the same commit as the new content, with no frame in between', () => {
    const frames = jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    render(<Pages />);
    const next = screen.getByRole('button', { name: 'Weiter' });
    next.focus();
    act(() => next.click());
    expect(screen.getByText('Seite 2')).toHaveFocus();
    frames.mockRestore();
  });

  it('focuses an element that only the coming render creates', () => {
    const frames = jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    render(<Pages />);
    act(() => screen.getByRole('button', { name: 'Melden' }).click());
    expect(screen.getByRole('button', { name: 'Erneut melden' })).toHaveFocus();
    frames.mockRestore();
  });

  it('when nothing renders, moves focus a frame later', () => {
    const callbacks: FrameRequestCallback[] = [];
    const frames = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => callbacks.push(callback));
    render(<Pages changes={false} />);
    const next = screen.getByRole('button', { name: 'Weiter' });
    next.focus();
    act(() => next.click());
    expect(next).toHaveFocus();
    act(() => callbacks.forEach((callback) => callback(0)));
    expect(screen.getByText('Seite 1')).toHaveFocus();
    frames.mockRestore();
  });
});
