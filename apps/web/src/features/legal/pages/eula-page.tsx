import { useEffect } from 'react';
import { EULA_LAST_UPDATED } from '../../../components/legal/legal-dates';
import { EulaContent } from '../../../components/legal/eula-content';
import { LegalLayout } from '../legal-layout';

export default function EulaPage() {
  useEffect(() => {
    const previousTitle = document.title;
    document.title = 'End User Licence Agreement · STEM@Home';
    return () => {
      document.title = previousTitle;
    };
  }, []);

  return (
    <LegalLayout title="End User Licence Agreement" lastUpdated={EULA_LAST_UPDATED}>
      <EulaContent />
    </LegalLayout>
  );
}
