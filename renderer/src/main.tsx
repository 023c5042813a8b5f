import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { connectBridge } from './bridge'
import { createStores } from './store/create-stores'
import { BridgeProvider } from './bridge/BridgeProvider'
import { App } from './App'
import { NoBridgePage } from './components/NoBridgePage'
import { ThemeRoot } from './components/ThemeRoot'
import './styles/tokens.css'
import './styles/base.css'
import './styles/layout.css'
import './styles/controls.css'
import './styles/job-list.css'
import './styles/job-view.css'
import './styles/script.css'
import './styles/dialog.css'
import './styles/bulk.css'
import './styles/pdf.css'
import './styles/long-text.css'

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
