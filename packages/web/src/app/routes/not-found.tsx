import { Link } from "react-router";
import { buttonClasses } from "../../components/ui/button";

export function NotFoundRoute() {
  return (
    <div className="flex flex-col items-center py-24 text-center">
      <title>Page Not Found · Content Studio</title>
      <p className="text-sm font-semibold text-primary-text">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900">Page Not Found</h1>
      <p className="mt-3 max-w-md text-sm text-slate-600">
        The page you are looking for does not exist or has moved.
      </p>
      <Link to="/" className={`${buttonClasses()} mt-8`}>
        Return to Dashboard
      </Link>
    </div>
  );
}
