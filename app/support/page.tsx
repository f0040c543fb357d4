import { TextPage } from '@/components/chrome/TextPage';

/** Placeholder only (spec §2). */
export default function SupportPage() {
  return <TextPage namespace="support" />;
}
