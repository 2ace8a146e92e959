import { useSchoolDetails } from '../../features/dashboard/api/get-school-details';

/** The school's own logo in the shell header, once the school has uploaded one (spec 01 §2). */
export function SchoolLogo({ enabled }: { enabled: boolean }) {
  const details = useSchoolDetails({ enabled });
  const school = details.data;
  if (!enabled || !school?.logo) return null;
  return (
    <img
      src={school.logo}
      alt={`${school.schoolName} logo`}
      height={36}
      style={{ marginLeft: 'auto', maxWidth: 120, objectFit: 'contain' }}
      data-testid="shell-school-logo"
    />
  );
}
