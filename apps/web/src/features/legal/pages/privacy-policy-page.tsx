import { useEffect } from 'react';
import { PRIVACY_POLICY_LAST_UPDATED } from '../../../components/legal/legal-dates';
import { PrivacyPolicyContent } from '../../../components/legal/privacy-policy-content';
import { LegalLayout } from '../legal-layout';

export default function PrivacyPolicyPage() {
  useEffect(() => {
    const previousTitle = document.title;
    document.title = 'Privacy Policy · STEM@Home';
    return () => {
      document.title = previousTitle;
    };
  }, []);

  return (
    <LegalLayout title="Privacy Policy" lastUpdated={PRIVACY_POLICY_LAST_UPDATED}>
      <PrivacyPolicyContent />
    </LegalLayout>
  );
}
