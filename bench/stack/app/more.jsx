export default function More() {
  return <span>…</span>;
}
