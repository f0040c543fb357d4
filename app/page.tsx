import { redirect } from 'next/navigation';

/** The empty path goes to the error page (spec §2). */
export default function Root() {
  redirect('/error');
}
