import { ErrorInfoScreen } from '../error/ErrorInfoScreen';

/** One screen serves both error and info (spec §2). */
export default function InfoPage(props: PageProps<'/info'>) {
  return <ErrorInfoScreen searchParams={props.searchParams} />;
}
