'use client';

import { useFormStatus } from 'react-dom';
import { signOut } from '@/lib/session/actions';
import styles from './Header.module.css';

function Submit({ label }: { label: string }) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" className={`button button-secondary ${styles.signOut}`} disabled={pending} aria-busy={pending}>
      {label}
    </button>
  );
}

/** A form, so sign-out works even before the page's JavaScript has loaded. */
export function SignOutButton({ label }: { label: string }) {
  return (
    <form action={signOut}>
      <Submit label={label} />
    </form>
  );
}
