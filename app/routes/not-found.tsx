// Unknown paths: a real 404 (the i18n middleware needs this catch-all, too).
import { data } from "react-router";

export function loader() {
  throw data({ nCode: 404, message: "" }, { status: 404 });
}

export default function NotFound() {
  return null;
}
