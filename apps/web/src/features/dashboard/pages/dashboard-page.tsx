import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useSessionVersion } from '../../../app/use-session';
import { getItem, getStoredRole, getStoredUser } from '../../../lib/session';
import { StudentDashboard } from '../components/student-dashboard';
import { TeacherDashboard } from '../components/teacher-dashboard';
import { useAccountTypeSync } from '../use-account-type-sync';

/**
 * /dashboard (spec 01 §2): the owner and the admin go to their own dashboards, a teacher or a student
 * sees theirs here, and anyone else goes to /login.
 */
export default function DashboardPage() {
  useSessionVersion();
  const role = getStoredRole();
  switch (role) {
    case 'owner':
      return <Navigate to="/owner-dashboard" replace />;
    case 'admin':
      return <Navigate to="/admin-dashboard" replace />;
    case 'teacher':
    case 'student':
      return <SchoolDashboard role={role} />;
    default:
      return <Navigate to="/login" replace />;
  }
}

function SchoolDashboard({ role }: { role: 'teacher' | 'student' }) {
  useAccountTypeSync();
  useEffect(() => {
    document.title = 'Dashboard · STEM@Home';
  }, []);
  if (role === 'teacher') return <TeacherDashboard />;
  return <StudentDashboard name={getStoredUser()?.name ?? getItem('userName') ?? ''} />;
}
