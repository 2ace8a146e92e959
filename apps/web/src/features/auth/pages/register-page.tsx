import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ZRegisterRequest, type TRegisterRequest } from '@stem/contract/auth';
import {
  MIN_PASSWORD_LENGTH,
  REGISTRATION_REDIRECT_MS,
  SCHOOL_CODE_LENGTH,
} from '@stem/contract/limits';
import { MESSAGES } from '@stem/contract/messages';
import { isValidSchoolCode, schoolCodeError, splitSchoolCode } from '@stem/contract/school-code';
import { statusOf } from '../../../lib/http';
import { registerAccount, validateSchoolCode } from '../api';
import { registrationErrorMessage } from '../auth-messages';
import { AuthLayout } from '../components/auth-layout';
import { OidcButtons } from '../components/oidc-buttons';
import { LegalConsentModal, type TConsentStep } from '../components/legal-consent-modal';
import {
  EMPTY_SCHOOL_CODE,
  SchoolCodeInput,
  type TSchoolCodeParts,
} from '../components/school-code-input';
import {
  RegistrationAttemptsExhaustedError,
  withRegistrationRetries,
} from '../register-with-retries';
import { useDocumentTitle } from '../use-document-title';
import { setItem } from '../../../lib/session';
import { TrialDetailsPanel } from '../../trial-account/trial-details-panel';
import { TrialLinkRequest } from '../../trial-account/trial-link-request';
import { trialSchoolErrorMessage, useTrialSchool } from '../../trial-account/use-trial-school';

const T = MESSAGES.registerPage;

type TField = 'fullName' | 'email' | 'password' | 'confirm' | 'schoolCode' | 'licence';
type TFieldErrors = Partial<Record<TField, string>>;
/** `blocking`: the server refused these details, so Create Account waits for an edit. */
type TSubmitError = { title?: string; message: string; blocking: boolean };

function submitErrorOf(error: unknown): TSubmitError {
  if (error instanceof RegistrationAttemptsExhaustedError) {
    return {
      title: MESSAGES.register.attemptsExhausted,
      message: registrationErrorMessage(error.lastError),
      blocking: false,
    };
  }
  const status = statusOf(error);
  return {
    message: registrationErrorMessage(error),
    blocking: status !== undefined && status >= 400 && status < 500,
  };
}

function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: TFieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (
      field === 'fullName' ||
      field === 'email' ||
      field === 'password' ||
      field === 'schoolCode'
    ) {
      errors[field] ??= issue.message;
    }
  }
  return errors;
}

export default function RegisterPage() {
  useDocumentTitle(T.documentTitle);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // A link from an e-mail or the trial flow can carry the code and a fixed e-mail address.
  const [prefilledEmail] = useState(() => params.get('email')?.trim().toLowerCase() ?? '');
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState(prefilledEmail);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [codeParts, setCodeParts] = useState<TSchoolCodeParts>(() => {
    const code = params.get('code');
    return code ? splitSchoolCode(code) : EMPTY_SCHOOL_CODE;
  });
  const [isLicenceAccepted, setLicenceAccepted] = useState(false);
  const [hasDeclined, setDeclined] = useState(false);
  const [consentStep, setConsentStep] = useState<TConsentStep | null>(null);
  const [touched, setTouched] = useState<{
    password?: boolean;
    confirm?: boolean;
    licence?: boolean;
  }>({});
  // Enter pressed while Create Account is disabled: every reason it is disabled is shown.
  const [hasTriedSubmit, setTriedSubmit] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});
  const [submitError, setSubmitError] = useState<TSubmitError | null>(null);
  const [isRegistered, setRegistered] = useState(false);
  // Trial sign-up mode (spec 01 §2; issue 18): showTrial=true; the e-mailed link adds token and ts.
  const [trialLink] = useState(() => ({
    isTrial: params.get('showTrial') === 'true',
    token: params.get('token')?.trim() ?? '',
    ts: params.get('ts')?.trim() ?? '',
    code: params.get('code')?.trim().toUpperCase() ?? '',
  }));
  const isTrialMode = trialLink.isTrial;
  const hasTrialProof = isTrialMode && trialLink.token !== '' && prefilledEmail !== '';
  const trialSchool = useTrialSchool(hasTrialProof, trialLink.code, {
    email: prefilledEmail,
    token: trialLink.token,
    ts: trialLink.ts,
  });
  // The link was used already: its trial exists, and the alert says how to sign in (issue 26).
  const isTrialTaken = trialSchool.isError && statusOf(trialSchool.error) === 409;

  const code = isTrialMode ? '' : codeParts.join('');
  const {
    mutate: checkCode,
    reset: clearCodeCheck,
    data: codeCheck,
    variables: checkedCode,
    isPending: isCheckingCode,
    isError: hasCodeCheckFailed,
  } = useMutation({ mutationFn: validateSchoolCode });
  const registration = useMutation({
    mutationFn: (body: TRegisterRequest) => withRegistrationRetries(() => registerAccount(body)),
  });

  // Spec 01 §4: a complete code is checked at once; any other change clears the last result.
  useEffect(() => {
    if (code.length === SCHOOL_CODE_LENGTH && isValidSchoolCode(code)) checkCode(code);
    else clearCodeCheck();
  }, [code, checkCode, clearCodeCheck]);

  useEffect(() => {
    if (!isRegistered) return;
    const timer = window.setTimeout(
      () => navigate('/login', { replace: true, state: { message: MESSAGES.register.success } }),
      REGISTRATION_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [isRegistered, navigate]);

  const isCheckCurrent = checkedCode === code;
  const schoolName = isCheckCurrent && codeCheck?.isValid ? codeCheck.schoolName : null;
  const codeRejection =
    isCheckCurrent && codeCheck && !codeCheck.isValid
      ? codeCheck.message || MESSAGES.register.invalidCode
      : null;
  const codeError = schoolCodeError(code) ?? codeRejection ?? fieldErrors.schoolCode ?? null;
  const codeCheckFailed =
    isCheckCurrent && hasCodeCheckFailed ? MESSAGES.register.validateFailed : null;

  const isPasswordShort = password.length < MIN_PASSWORD_LENGTH;
  const isMismatch = password !== confirm;
  const passwordError =
    touched.password && isPasswordShort ? MESSAGES.password.tooShort : undefined;
  const showMismatch = touched.confirm || (confirm.length > 0 && confirm.length >= password.length);
  const confirmError = showMismatch && isMismatch ? MESSAGES.password.mismatch : undefined;
  const hasFieldErrors = Boolean(fieldErrors.fullName || fieldErrors.email);
  // Only once the box was touched (ticked, unticked, left) or a submit was tried: it showed as soon as
  // the other fields were filled in, before the box had been touched.
  const licenceError =
    !isLicenceAccepted && (hasDeclined || touched.licence || hasTriedSubmit || fieldErrors.licence)
      ? MESSAGES.register.licenceRequired
      : undefined;

  const isSubmitDisabled =
    registration.isPending ||
    (isTrialMode && !trialSchool.data) ||
    Boolean(codeError) ||
    hasFieldErrors ||
    Boolean(submitError?.blocking) ||
    !isLicenceAccepted ||
    isPasswordShort ||
    isMismatch;

  /** Any edit clears the server's last word on the details and that field's own message. */
  const edited = (field: TField) => {
    setSubmitError(null);
    setFieldErrors((errors) => ({ ...errors, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitDisabled) return;
    if (isTrialMode) {
      await submitTrial();
      return;
    }
    if (code.length === 0) {
      setFieldErrors({ schoolCode: MESSAGES.register.codeRequired });
      return;
    }
    if (!isLicenceAccepted) {
      setFieldErrors({ licence: MESSAGES.register.licenceRequired });
      return;
    }
    const parsed = ZRegisterRequest.safeParse({
      fullName,
      name: fullName,
      email: email.trim().toLowerCase(),
      password,
      schoolCode: code,
      role: 'student',
    });
    if (!parsed.success) {
      setFieldErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setSubmitError(null);
    try {
      await registration.mutateAsync(parsed.data);
      setRegistered(true);
    } catch (failure) {
      setSubmitError(submitErrorOf(failure));
      // Spec 01 §4: after any failure the school found for the code is forgotten.
      clearCodeCheck();
    }
  };

  /** Trial sign-up: always the trial's teacher, proven by the e-mailed link (the server checks it). */
  const submitTrial = async () => {
    if (!fullName.trim() || !email.trim() || !password) {
      setSubmitError({ message: MESSAGES.register.trialFieldsRequired, blocking: false });
      return;
    }
    if (!isLicenceAccepted) {
      setFieldErrors({ licence: MESSAGES.register.licenceRequired });
      return;
    }
    const school = trialSchool.data;
    if (!school) return;
    setSubmitError(null);
    try {
      await registration.mutateAsync({
        fullName: fullName.trim(),
        name: fullName.trim(),
        email: email.trim().toLowerCase(),
        password,
        schoolCode: school.schoolCode,
        role: 'teacher',
        showTrial: true,
        token: trialLink.token,
        ts: trialLink.ts,
      });
      // The login page shows the new code once, for 5 minutes (spec 01 §2).
      setItem('generatedSchoolCode', school.schoolCode);
      setItem('trialSchoolName', school.schoolName);
      setRegistered(true);
    } catch (failure) {
      setSubmitError(submitErrorOf(failure));
    }
  };

  const logInLink = (
    <Text size="sm" ta="center">
      {T.haveAccount}{' '}
      <Anchor component={Link} to="/login" fw={600}>
        {T.logIn}
      </Anchor>
    </Text>
  );

  if (isTrialMode && !hasTrialProof) {
    // The page's 'Log in' link too (spec 01 §2): without it the trial's e-mail step was a dead end
    // for someone who already has an account.
    return (
      <AuthLayout maxWidth={520}>
        <Stack gap="md">
          <TrialLinkRequest initialEmail={prefilledEmail} code={trialLink.code} />
          {logInLink}
        </Stack>
      </AuthLayout>
    );
  }

  if (isRegistered) {
    return (
      <AuthLayout maxWidth={520}>
        <Stack align="center" ta="center" gap="md" py="md">
          <Alert
            color="teal"
            icon={<IconCircleCheck />}
            title={MESSAGES.register.success}
            w="100%"
            ta="left"
          >
            {MESSAGES.register.redirecting}
          </Alert>
          <Loader size="sm" aria-hidden="true" />
        </Stack>
      </AuthLayout>
    );
  }

  let codeDescription: ReactNode = T.schoolCodeHint;
  if (schoolName) {
    codeDescription = (
      <Text component="span" size="sm" c="teal.8" fw={600}>
        {T.schoolName(schoolName)}
      </Text>
    );
  } else if (isCheckCurrent && isCheckingCode) {
    codeDescription = T.checkingCode;
  } else if (codeCheckFailed) {
    codeDescription = (
      <Text component="span" size="sm" c="orange.8">
        {codeCheckFailed}
      </Text>
    );
  }

  return (
    <AuthLayout maxWidth={520}>
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {T.heading}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {T.subtitle}
          </Text>
        </div>
        {isTrialMode && (
          <>
            {trialSchool.isPending && (
              <Group gap="xs" role="status">
                <Loader size="xs" aria-hidden="true" />
                <Text size="sm">{MESSAGES.register.generatingTrialCode}</Text>
              </Group>
            )}
            {trialSchool.isError && (
              <Alert
                color={isTrialTaken ? 'blue' : 'red'}
                icon={<IconAlertCircle />}
                data-testid="trial-school-error"
              >
                {trialSchoolErrorMessage(trialSchool.error)}
                {isTrialTaken && (
                  <>
                    {' '}
                    <Anchor component={Link} to="/login" fw={600}>
                      {T.logIn}
                    </Anchor>
                  </>
                )}
              </Alert>
            )}
            {trialSchool.data && (
              <TrialDetailsPanel
                schoolName={trialSchool.data.schoolName}
                expirationDate={trialSchool.data.expirationDate}
              />
            )}
          </>
        )}
        {submitError && (
          <Alert color="red" icon={<IconAlertCircle />} title={submitError.title}>
            {submitError.message}
          </Alert>
        )}
        <form
          onSubmit={(event) => void submit(event)}
          onKeyDown={(event) => {
            // A disabled Create Account ignores Enter: show why instead of nothing.
            if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
              setTriedSubmit(true);
            }
          }}
          noValidate
        >
          <Stack gap="md">
            <TextInput
              label={T.fullNameLabel}
              name="name"
              autoComplete="name"
              required
              value={fullName}
              onChange={(event) => {
                setFullName(event.currentTarget.value);
                edited('fullName');
              }}
              error={fieldErrors.fullName}
            />
            <TextInput
              label={T.emailLabel}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              required
              readOnly={Boolean(prefilledEmail)}
              value={email}
              onChange={(event) => {
                setEmail(event.currentTarget.value);
                edited('email');
              }}
              error={fieldErrors.email}
            />
            <PasswordInput
              label={T.passwordLabel}
              name="new-password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                edited('password');
              }}
              onBlur={() => setTouched((state) => ({ ...state, password: true }))}
              error={passwordError ?? fieldErrors.password}
            />
            <PasswordInput
              label={T.confirmPasswordLabel}
              name="confirm-password"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(event) => {
                setConfirm(event.currentTarget.value);
                edited('confirm');
              }}
              onBlur={() => setTouched((state) => ({ ...state, confirm: true }))}
              error={confirmError}
            />
            {!isTrialMode && (
              <SchoolCodeInput
                value={codeParts}
                onChange={(parts) => {
                  setCodeParts(parts);
                  edited('schoolCode');
                }}
                required
                description={codeDescription}
                error={codeError}
              />
            )}
            <Checkbox
              checked={isLicenceAccepted}
              onBlur={() => setTouched((t) => ({ ...t, licence: true }))}
              onChange={(event) => {
                edited('licence');
                setTouched((t) => ({ ...t, licence: true }));
                if (event.currentTarget.checked) {
                  // Ticking opens the documents; only Accept at their end ticks the box.
                  setDeclined(false);
                  setConsentStep('privacy');
                } else {
                  setLicenceAccepted(false);
                }
              }}
              label={T.licenceLabel}
              description={
                <>
                  {T.readDocuments}{' '}
                  <Anchor
                    href="/privacy-policy"
                    target="_blank"
                    rel="noopener noreferrer"
                    size="xs"
                  >
                    {T.privacyPolicy}
                  </Anchor>{' '}
                  ·{' '}
                  <Anchor href="/eula" target="_blank" rel="noopener noreferrer" size="xs">
                    {T.eula}
                  </Anchor>{' '}
                  {T.opensInNewTab}
                </>
              }
              error={licenceError}
            />
            <Button
              type="submit"
              fullWidth
              loading={registration.isPending}
              disabled={isSubmitDisabled}
            >
              {T.submit}
            </Button>
          </Stack>
        </form>
        {/* Google / Microsoft sign-in makes students only (issue 29): not on the trial's sign-up. */}
        {!isTrialMode && <OidcButtons />}
        {logInLink}
      </Stack>
      <LegalConsentModal
        step={consentStep}
        onNext={() => setConsentStep('eula')}
        onAccept={() => {
          setConsentStep(null);
          setLicenceAccepted(true);
        }}
        onDecline={() => {
          setConsentStep(null);
          setLicenceAccepted(false);
          setDeclined(true);
        }}
      />
    </AuthLayout>
  );
}
