/** The only two IPC channels Booth uses: every bridge call goes through one, every event through the other. */
export const IPC_CALL = 'booth:call'
export const IPC_EVENT = 'booth:event'
