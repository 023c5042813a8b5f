import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { connectBridge } from './bridge'
import { createStores } from './app/create-stores'
import { BridgeProvider } from './bridge/BridgeProvider'
import { App } from './app/App'
import { NoBridgePage } from './app/NoBridgePage'
import { ThemeRoot } from './ui/theme/ThemeRoot'
import './ui/styles/tokens.css'
import './ui/styles/base.css'
import './ui/styles/layout.css'
import './ui/styles/controls.css'
import './jobs/job-list.css'
import './jobs/view/job-view.css'
import './script/script.css'
import './ui/styles/dialog.css'
import './jobs/bulk/bulk.css'
import './script/pdf/pdf.css'
import './ui/styles/long-text.css'

const root = document.getElementById('root')
if (!root) throw new Error('Booth could not start: the page has no #root element.')

const api = connectBridge()
// The window's stores, made once for the life of the window; each subscribes to main's events exactly once.
const made = api ? createStores(api) : null

createRoot(root).render(
  <StrictMode>
    <ThemeRoot>
      {made && api ? (
        <BridgeProvider api={api} stores={made.stores}>
          <App />
        </BridgeProvider>
      ) : (
        <NoBridgePage />
      )}
    </ThemeRoot>
  </StrictMode>,
)
