import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LTI_MESSAGES } from '@stem/contract/messages-lti';
import { listSchools } from '../../owner/api';

const T = LTI_MESSAGES.platforms;

/** The school an LMS registration (or registration link) is for: searched by name. */
export function SchoolSelect({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string | undefined;
}) {
  const [search, setSearch] = useState('');
  const schools = useQuery({
    queryKey: ['lti-platform-schools', search],
    queryFn: () => listSchools({ includeInactive: false, search }, undefined),
  });
  return (
    <Select
      label={T.school}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={(schools.data?.data ?? []).map((s) => ({ value: s._id, label: s.name }))}
      value={value}
      onChange={onChange}
      error={error}
      nothingFoundMessage={T.schoolNotFound}
      required
    />
  );
}
