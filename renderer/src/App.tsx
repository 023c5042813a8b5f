export function App() {
  return (
    <main className="booth-app">
      <h1>Booth</h1>
    </main>
  )
}
