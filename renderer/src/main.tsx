import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { connectBridge } from './bridge'
import { createBoothStore } from './store/create-booth-store'
import { BoothStoreProvider } from './store/store-context'
import { App } from './App'
import { TakesApiProvider } from './takes/takes-api'
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
// One store for the life of the window; it subscribes to main's events exactly once.
const booth = api ? createBoothStore(api) : null

createRoot(root).render(
  <StrictMode>
    <ThemeRoot>
      {booth && api ? (
        <BoothStoreProvider store={booth.store}>
          <TakesApiProvider api={api}>
            <App />
          </TakesApiProvider>
        </BoothStoreProvider>
      ) : (
        <NoBridgePage />
      )}
    </ThemeRoot>
  </StrictMode>,
)
