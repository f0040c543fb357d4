import { TextPage } from '@/components/chrome/TextPage';

/** The footer region as its own route (spec §2); the footer itself is the layout's. */
export default function FooterAreaPage() {
  return <TextPage namespace="footerArea" />;
}
