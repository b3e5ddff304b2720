import { roleAtLeast } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { Spinner } from "../../components/ui/spinner";
import { useBriefs } from "../../features/campaigns/api/get-briefs";
import { BriefEditorPage } from "../../features/campaigns/components/brief-editor-page";
import { CampaignsPage } from "../../features/campaigns/components/campaigns-page";
import { useFacts } from "../../features/proof/api/get-facts";
import { formatFigure } from "../../features/proof/components/format-figure";
import { useAiServiceInfo } from "../../features/reference/api/get-ai-service-info";
import { useCompanyCatalog } from "../../features/reference/api/get-company-catalog";
import { useIndustries } from "../../features/reference/api/get-industries";
import { usePersonas } from "../../features/reference/api/get-personas";
import { getUsersQueryOptions } from "../../features/users/api/get-users";

export function CampaignsRoute() {
  return <CampaignsPage />;
}

/** /campaigns/new and /campaigns/:id: the brief editor with what a brief may refer to. */
export function BriefRoute() {
  const { id } = useParams();
  const briefs = useBriefs();
  const personas = usePersonas();
  const industries = useIndustries();
  const catalog = useCompanyCatalog();
  const facts = useFacts({ status: "approved" });
  const ai = useAiServiceInfo();
  const canAssign = briefs.data?.can.assignOwner ?? false;
  const users = useQuery({ ...getUsersQueryOptions(), enabled: canAssign });

  if (briefs.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
        <Spinner /> Loading brief...
      </p>
    );
  }
  const owners = canAssign
    ? (users.data?.users ?? [])
        .filter((u) => u.active && roleAtLeast(u.role, "editor"))
        .map((u) => ({ id: u.id, name: u.name }))
    : null;
  return (
    <BriefEditorPage
      key={id ?? "new"}
      briefId={id}
      canCreate={briefs.data?.can.create ?? false}
      writerOffline={ai.data?.provider === "builtin"}
      options={{
        personas: (personas.data ?? []).map((p) => ({ id: p.id, name: p.title })),
        industries: (industries.data ?? []).map((i) => ({ id: i.id, name: i.name })),
        facts: (facts.data?.facts ?? [])
          .filter((f) => !f.expired)
          .map((f) => ({
            id: f.id,
            statement: f.statement,
            detail: [formatFigure(f), f.subjectLabel, `Source: ${f.source}`]
              .filter(Boolean)
              .join(" · "),
          })),
        factsLoading: facts.isPending,
        offers: catalog.data?.offers ?? [],
        owners,
      }}
    />
  );
}
