import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'

const root = document.getElementById('root')
if (!root) throw new Error('Booth could not start: the page has no #root element.')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
