/** Add-to-home-screen steps (spec §2 Install prompt): iOS, Android and a fallback. */
export function InstallInstructions() {
  return (
    <div className="space-y-4 text-sm text-slate-700">
      <section>
        <h3 className="mb-1 font-semibold text-slate-900">On iPhone or iPad (Safari)</h3>
        <ol className="list-decimal space-y-0.5 pl-5">
          <li>Tap the Share button</li>
          <li>Tap “Add to Home Screen”</li>
          <li>Tap “Add”</li>
        </ol>
      </section>
      <section>
        <h3 className="mb-1 font-semibold text-slate-900">On Android (Chrome)</h3>
        <ol className="list-decimal space-y-0.5 pl-5">
          <li>Tap the Menu (⋮)</li>
          <li>Tap “Add to Home Screen” or “Install app”</li>
          <li>Tap “Add” or “Install”</li>
        </ol>
      </section>
      <p className="rounded-xl bg-slate-100 p-3">Other browsers: Open this app in Chrome on mobile.</p>
    </div>
  );
}
