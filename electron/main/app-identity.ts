/**
 * Linkdeck's one identity on Linux desktops: a reverse-DNS ID, with `.desktop` its desktop entry's
 * file name. Electron takes it from `desktopName` in package.json (app.setDesktopName) and uses it
 * as the Wayland app_id / X11 WM_CLASS and as the app ID the desktop portals see; Electron 45's
 * app.setDesktopName and global-shortcut.md ("Usage on Linux") say it must be a reverse-DNS ID
 * matching an installed .desktop file, or GNOME 50 refuses the hotkey's portal binds without an
 * error reaching the app, and xdg-desktop-portal 1.21+ refuses the portal session.
 *
 * The same name is used by: package.json `desktopName`; the .deb's entry, named from desktopName
 * by electron-builder's `linux.syncDesktopName` (/usr/share/applications/<id>.desktop, with
 * StartupWMClass=<id>); the entry Linkdeck writes for the AppImage (link-handler.ts). A unit test
 * (packaging-config.test.ts) holds them together.
 *
 * Not `app.linkdeck.desktop` (build.appId): its last part would read as the file suffix, and a
 * tool that strips ".desktop" once would look for another file. The domain part is the appId's.
 */
export const LINUX_APP_ID = 'app.linkdeck.Linkdeck';
export const LINUX_DESKTOP_FILE = `${LINUX_APP_ID}.desktop`;
