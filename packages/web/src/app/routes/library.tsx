import { useCurrentUser } from "../../features/auth/api/get-session";
import { LibraryPage } from "../../features/library/components/library-page";
import { useIndustries } from "../../features/reference/api/get-industries";
import { usePersonas } from "../../features/reference/api/get-personas";

export function LibraryRoute() {
  const user = useCurrentUser();
  const personas = usePersonas();
  const industries = useIndustries();
  return (
    <LibraryPage
      personas={personas.data ?? []}
      industries={industries.data ?? []}
      canCreate={user !== null && user.role !== "viewer"}
    />
  );
}
