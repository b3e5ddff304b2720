import type { CompanyProfile, CompanyProfileResponse } from "@content-studio/contract";
import { useState } from "react";
import { getFieldErrors, hasServerMessage } from "../../../lib/api-client";
import { useCompanyProfile } from "../api/get-company-profile";
import { useUpdateCompanyProfile } from "../api/update-company-profile";

/** Everything the card edits (banned phrases are edited with the generation defaults). */
export type CompanyProfileDraft = Omit<CompanyProfile, "bannedPhrases">;

export const PROFILE_SAVED = "Company profile saved.";
export const PROFILE_SAVE_FAILED = "Failed to save the company profile.";
const SECTION = "company profile";

const withoutPhrases = ({
  bannedPhrases: _phrases,
  can: _can,
  isSample: _isSample,
  ...rest
}: CompanyProfileResponse) => rest;

/** The Company Profile card's state: the server's profile with unsaved edits on top. */
export function useCompanyProfileForm(onSaved: () => void) {
  const profile = useCompanyProfile();
  const update = useUpdateCompanyProfile(onSaved);
  const [edit, setEdit] = useState<CompanyProfileDraft | null>(null);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const saved = profile.data ? withoutPhrases(profile.data) : undefined;
  const draft = edit ?? saved;
  const dirty = !!edit && !!saved && JSON.stringify(edit) !== JSON.stringify(saved);

  const change = (next: CompanyProfileDraft) => {
    setNotice(null);
    setEdit(next);
  };

  const save = async () => {
    if (!dirty || !edit) return [];
    setNotice(null);
    try {
      await update.mutateAsync(edit);
      setEdit(null);
      setNotice({ tone: "success", text: PROFILE_SAVED });
      return [{ ok: true as const, section: SECTION }];
    } catch (error) {
      const message = hasServerMessage(error)
        ? `${PROFILE_SAVE_FAILED} ${error.message}`
        : PROFILE_SAVE_FAILED;
      setNotice({ tone: "error", text: message });
      return [{ ok: false as const, section: SECTION, message }];
    }
  };

  return {
    draft,
    dirty,
    /** The caller may edit the profile (the server's policy, sent with the profile). */
    canEdit: profile.data?.can.edit ?? false,
    /** Still the first-run sample: no admin has saved it yet. */
    isSample: profile.data?.isSample ?? false,
    loading: profile.isPending,
    loadError: profile.error,
    saving: update.isPending,
    fieldErrors: getFieldErrors(update.error),
    notice,
    change,
    save,
    section: { label: SECTION, dirty, save },
  };
}

export type CompanyProfileForm = ReturnType<typeof useCompanyProfileForm>;
