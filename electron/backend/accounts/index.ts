export {
  LOCAL_WORKSPACE_DIR,
  LOCAL_WORKSPACE_NAME,
  PROFILES_DIR,
  createAccounts,
  type Accounts,
  type AccountsOptions,
  type ConnectInput,
  type LocalServiceHandle,
  type ProfilesSnapshot,
  type RecoverLocalKey,
  type StartLocalService,
  type VerifiedAccount,
  type VerifyAccount,
} from './accounts.js';
export { AccountError, type AccountErrorCode } from './account-error.js';
export {
  PROFILES_FILE,
  profilesFilePath,
  readProfilesFile,
  writeProfilesFile,
  type ProfilesData,
} from './profiles-file.js';
export { networkReason, verifyFailure } from './verify-failure.js';
