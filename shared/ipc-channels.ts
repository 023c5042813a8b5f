/**
 * The only IPC channels Booth uses: every bridge call goes through one, every event through another, and
 * the preload asks the third for the one-time id of a file the person dropped (main/security/file-grants.ts).
 */
export const IPC_CALL = 'booth:call'
export const IPC_EVENT = 'booth:event'
export const IPC_FILE = 'booth:file'
