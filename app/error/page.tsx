import { ErrorInfoScreen } from './ErrorInfoScreen';

export default function ErrorPage(props: PageProps<'/error'>) {
  return <ErrorInfoScreen searchParams={props.searchParams} />;
}
