/**
 * The local workspace's name (issue 44). A profile's name is data the person owns, kept in
 * profiles.json and typed back to the command line (`--profile`), so it is never rewritten on disk.
 * The local workspace is made with the English default below, which doubles as the mark "never
 * renamed": while it carries exactly that name, the app and the tray show the name in the
 * person's language (`desktop.localWorkspaceName`); once renamed, its own name is shown as typed.
 * Existing data folders need no migration: they hold the same default. The command line shows
 * and matches the stored name (a name it prints must work with --profile). Pure.
 */

/** The name a new local workspace is stored with (and the mark that it was never renamed). */
export const LOCAL_WORKSPACE_NAME = 'Local workspace';

/** The message key of the name shown for a local workspace that keeps its default. */
export const LOCAL_WORKSPACE_NAME_KEY = 'desktop.localWorkspaceName';

/** True for the local workspace under its stored default name (never renamed). */
export function hasDefaultLocalName(profile: { kind: string; name: string }): boolean {
  return profile.kind === 'local' && profile.name === LOCAL_WORKSPACE_NAME;
}

/** The name to show: the translated default (`say` renders desktop.localWorkspaceName), or the profile's own. */
export function shownProfileName(profile: { kind: string; name: string }, say: (key: string) => string): string {
  return hasDefaultLocalName(profile) ? say('desktop.localWorkspaceName') : profile.name;
}
