import { TextPage } from '@/components/chrome/TextPage';

/** The header region as its own route (spec §2); the header itself is the layout's. */
export default function HeaderAreaPage() {
  return <TextPage namespace="headerArea" />;
}
