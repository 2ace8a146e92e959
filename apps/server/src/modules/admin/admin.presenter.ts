import type { TAdminUser } from '@stem/contract/admin';
import type { TStudentRef } from '@stem/contract/teaching';
import type { TSchoolUserRow } from './admin.queries';

/** A person as spec 02 §3 gives a user: `_id`, name, email, role, school {name, _id}, createdAt. */
export function presentUser(row: TSchoolUserRow): TAdminUser {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    school: row.schoolId && row.schoolName ? { _id: row.schoolId, name: row.schoolName } : null,
    createdAt: row.createdAt.toISOString(),
    status: !row.active ? 'deactivated' : row.invited ? 'invited' : 'active',
    yearGroup: row.yearGroup,
  };
}

export function presentPerson(row: { id: string; name: string; email: string }): TStudentRef {
  return { _id: row.id, id: row.id, name: row.name, email: row.email };
}
