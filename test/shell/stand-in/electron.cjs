/* eslint-disable @typescript-eslint/no-require-imports */
/**
 * The `electron` module as Booth's built bundles see it where no Electron binary runs (launch.mjs maps
 * `electron` here): the main process's one recording stand-in (electron-stand-in.cjs), and the factory
 * for more.
 *
 * CommonJS on purpose: Node's ES module loader (through the resolve hook in hooks.mjs) and require()
 * then share one instance, and the named exports below are found by Node's CommonJS export scanner.
 */
'use strict'
const { createElectronStandIn } = require('./electron-stand-in.cjs')

// One main-process instance per process: Node may reach this file through import and require, and both get it.
const instance =
  globalThis.__boothElectronStandIn ?? (globalThis.__boothElectronStandIn = createElectronStandIn({ process: 'main' }))
const {
  app,
  BrowserWindow,
  webContents,
  session,
  ipcMain,
  protocol,
  net,
  Notification,
  powerMonitor,
  shell,
  dialog,
  Menu,
  nativeImage,
  screen,
  webUtils,
  standIn,
} = instance
module.exports = {
  app,
  BrowserWindow,
  webContents,
  session,
  ipcMain,
  protocol,
  net,
  Notification,
  powerMonitor,
  shell,
  dialog,
  Menu,
  nativeImage,
  screen,
  webUtils,
  standIn,
  createElectronStandIn,
}
