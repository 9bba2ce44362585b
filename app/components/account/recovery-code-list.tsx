// The recovery codes of /account/security, shown once: after setting up a second factor or making new ones.

export function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <div className="rounded-xl bg-surface-muted p-4">
      <p className="font-semibold">Your recovery codes. Save them now: they are shown only this once.</p>
      <p className="mt-1 text-sm">Each works once, in place of a code from your app.</p>
      <ul aria-label="Recovery codes" className="mt-3 grid gap-2 font-mono sm:grid-cols-2">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}
