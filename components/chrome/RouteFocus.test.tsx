/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { FocusOnRouteChange } from './RouteFocus';

/** The layout as the root layout renders it: a header control, the page inside <main>, the focus keeper. */
function Layout({ route, page }: { route: string; page: ReactNode }) {
  return (
    <>
      <button type="button">Abmelden</button>
      <main id="main" tabIndex={-1}>
        {page}
      </main>
      <FocusOnRouteChange route={route} />
    </>
  );
}

const manual = <h1>Hinweise zum Ausfüllen</h1>;
const questionnaire = (
  <>
    <h1>Kompetenzprofil</h1>
    <button type="button">Weiter</button>
  </>
);

describe('focus after a route change', () => {
  it('a full page load keeps the browser default: nothing is focused by us', () => {
    render(<Layout route="/questionnairemanual" page={manual} />);
    expect(document.body).toHaveFocus();
  });

  it('a full page load leaves an autoFocus field focused', () => {
    render(<Layout route="/home" page={<input aria-label="Zugangscode der Befragung" autoFocus />} />);
    expect(screen.getByRole('textbox')).toHaveFocus();
  });

  it('a client-side route change moves focus to the new page’s main heading', () => {
    const { rerender } = render(<Layout route="/questionnairemanual" page={manual} />);
    rerender(<Layout route="/questionnaire" page={questionnaire} />);
    const heading = screen.getByRole('heading', { level: 1, name: 'Kompetenzprofil' });
    expect(heading).toHaveFocus();
    // Focusable by script only: Tab does not stop on it.
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('also when focus was in the header, and again on every later change', () => {
    const { rerender } = render(<Layout route="/questionnaire" page={questionnaire} />);
    screen.getByRole('button', { name: 'Abmelden' }).focus();
    rerender(<Layout route="/info" page={<h1>Information</h1>} />);
    expect(screen.getByRole('heading', { name: 'Information' })).toHaveFocus();
    rerender(<Layout route="/home" page={<h1>Willkommen</h1>} />);
    expect(screen.getByRole('heading', { name: 'Willkommen' })).toHaveFocus();
  });

  it('a page without a heading gets focus on <main>', () => {
    const { rerender } = render(<Layout route="/a" page={manual} />);
    rerender(<Layout route="/b" page={<p>Ohne Überschrift</p>} />);
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('a new page that focused a field itself keeps it', () => {
    const { rerender } = render(<Layout route="/a" page={manual} />);
    rerender(
      <Layout
        route="/accesscode"
        page={
          <>
            <h1>Anmeldung</h1>
            <input aria-label="Persönlicher Zugangscode" autoFocus />
          </>
        }
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Persönlicher Zugangscode' })).toHaveFocus();
  });

  it('the same route rendered again (a refresh of its content) does not move focus', () => {
    const { rerender } = render(<Layout route="/questionnaire" page={questionnaire} />);
    screen.getByRole('button', { name: 'Weiter' }).focus();
    rerender(<Layout route="/questionnaire" page={questionnaire} />);
    expect(screen.getByRole('button', { name: 'Weiter' })).toHaveFocus();
  });
});
