/** The single IPC channel carrying push events to the renderer (shared by main and preload). */
export const EVENT_CHANNEL = 'linkdeck:event';
