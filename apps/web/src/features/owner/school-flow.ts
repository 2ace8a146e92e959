import { MESSAGES } from '@stem/contract/messages';
import { OWNER_LOGO_TYPES } from '@stem/contract/owner';
import { cleanSchoolCodeInput } from '@stem/contract/school-code';
import type { TSchoolType } from '@stem/contract/roles';
import { serverMessageOf } from '../../lib/http';

const M = MESSAGES.owner;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type TSchoolFormValues = {
  name: string;
  code: string;
  schoolType: TSchoolType;
  adminEmail: string;
  adminPassword: string;
  teacherName: string;
  teacherEmail: string;
  teacherPassword: string;
  logo: File | null;
  active: boolean;
};

export const EMPTY_SCHOOL_FORM: TSchoolFormValues = {
  name: '',
  code: '',
  schoolType: 'classroom',
  adminEmail: '',
  adminPassword: '',
  teacherName: '',
  teacherEmail: '',
  teacherPassword: '',
  logo: null,
  active: true,
};

/** The school code box: upper-cased, anything but A-Z and 0-9 removed, at most 16 (spec 02 §5). */
export const cleanCode = (value: string) => cleanSchoolCodeInput(value);

/** Spec 02 §5 school form rules; `editing` skips the code and the accounts (made only on add). */
export function validateSchoolForm(
  values: TSchoolFormValues,
  editing: boolean,
): Partial<Record<keyof TSchoolFormValues, string>> {
  const errors: Partial<Record<keyof TSchoolFormValues, string>> = {};
  if (!values.name.trim()) errors.name = M.nameRequired;
  if (values.logo && !(OWNER_LOGO_TYPES as readonly string[]).includes(values.logo.type)) {
    errors.logo = M.logoType;
  }
  if (editing) return errors;
  if (values.code.length !== 16) errors.code = M.codeLength;
  if (values.schoolType === 'classroom') {
    if (!values.adminEmail.trim()) errors.adminEmail = M.adminEmailRequired;
    else if (!EMAIL.test(values.adminEmail.trim())) errors.adminEmail = M.invalidEmail;
    if (values.adminPassword.length < 8) errors.adminPassword = M.adminPasswordShort;
  } else {
    if (!values.teacherName.trim()) errors.teacherName = M.teacherNameRequired;
    if (!values.teacherEmail.trim()) errors.teacherEmail = M.teacherEmailRequired;
    else if (!EMAIL.test(values.teacherEmail.trim())) errors.teacherEmail = M.invalidEmail;
    if (values.teacherPassword.length < 8) errors.teacherPassword = M.teacherPasswordShort;
  }
  return errors;
}

export type TFlowApi = {
  uploadLogo: (file: File) => Promise<string>;
  createSchool: (body: {
    code: string;
    name: string;
    imageUrl: string | null;
    active: boolean;
    schoolType: TSchoolType;
  }) => Promise<unknown>;
  createAdmin: (body: {
    name: string;
    email: string;
    password: string;
    schoolCode: string;
    schoolType: TSchoolType;
    permissions: string[];
  }) => Promise<unknown>;
  createTeacher: (body: {
    name?: string;
    email?: string;
    password?: string;
    schoolCode: string;
    role: 'teacher';
    schoolType: TSchoolType;
    permissions: string[];
  }) => Promise<{ email: string; temporaryPassword?: string | undefined }>;
};

export type TFlowOutcome = {
  ok: boolean;
  message: string;
  /** The classroom default teacher's sign-in, shown once (its password is random). */
  defaultTeacher?: { email: string; password: string };
  /** The school exists (even when a later step failed): the list must be reloaded. */
  schoolCreated: boolean;
};

const reason = (error: unknown) => serverMessageOf(error) ?? M.unknownError;

/**
 * The add-school flow of spec 02 §4, in its order: logo (a failure stops everything), school, then
 * for a classroom school its admin and default teacher, for a personal school its teacher. A later
 * failure says which step failed; the school stays created.
 */
export async function runAddSchool(
  api: TFlowApi,
  values: TSchoolFormValues,
): Promise<TFlowOutcome> {
  let imageUrl: string | null = null;
  if (values.logo) {
    try {
      imageUrl = await api.uploadLogo(values.logo);
    } catch {
      return { ok: false, message: M.logoUploadFailed, schoolCreated: false };
    }
  }
  const schoolCode = values.code;
  try {
    await api.createSchool({
      code: schoolCode,
      name: values.name.trim(),
      imageUrl,
      active: true,
      schoolType: values.schoolType,
    });
  } catch (error) {
    return { ok: false, message: serverMessageOf(error) ?? M.addFailed, schoolCreated: false };
  }
  if (values.schoolType === 'classroom') {
    try {
      await api.createAdmin({
        name: `${values.name.trim()} Admin`,
        email: values.adminEmail.trim(),
        password: values.adminPassword,
        schoolCode,
        schoolType: 'classroom',
        permissions: ['view_payments', 'manage_payments'],
      });
    } catch (error) {
      return { ok: false, message: M.adminFailed(reason(error)), schoolCreated: true };
    }
    try {
      const teacher = await api.createTeacher({
        schoolCode,
        role: 'teacher',
        schoolType: 'classroom',
        permissions: [],
      });
      return {
        ok: true,
        message: M.createdClassroom,
        schoolCreated: true,
        ...(teacher.temporaryPassword
          ? { defaultTeacher: { email: teacher.email, password: teacher.temporaryPassword } }
          : {}),
      };
    } catch (error) {
      return { ok: false, message: M.schoolAdminTeacherFailed(reason(error)), schoolCreated: true };
    }
  }
  try {
    await api.createTeacher({
      name: values.teacherName.trim(),
      email: values.teacherEmail.trim(),
      password: values.teacherPassword,
      schoolCode,
      role: 'teacher',
      schoolType: 'personal',
      permissions: ['view_payments', 'manage_payments'],
    });
  } catch (error) {
    return { ok: false, message: M.teacherFailed(reason(error)), schoolCreated: true };
  }
  return { ok: true, message: M.createdPersonal, schoolCreated: true };
}
