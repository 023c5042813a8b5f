/**
 * Sandboxed CommonJS preload. It will expose exactly one typed object (window.booth) built from the bridge
 * contract in shared/; nothing raw (no ipcRenderer, no Node) ever reaches the page.
 */
import { contextBridge } from 'electron'

contextBridge.exposeInMainWorld('booth', Object.freeze({ platform: process.platform }))
