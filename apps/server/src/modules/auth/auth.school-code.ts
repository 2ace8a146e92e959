/** The school code generator is shared with the web app (the owner's Add New School form offers one). */
export { generateSchoolCode } from '@stem/contract/school-code';
