import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { MESSAGES } from '@stem/contract/messages';
import { LoadError } from '../../../components/load-error';

/** The stored user (and so the student's id) is gone: only signing in again helps. */
export function MissingUser() {
  return (
    <LoadError message={MESSAGES.student.userNotFound}>
      <Button size="xs" variant="white" color="red" component={Link} to="/login">
        Go to login
      </Button>
    </LoadError>
  );
}
