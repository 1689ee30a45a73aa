// Stripe names what it still asks of an account by field path (individual.verification.document,
// external_account, company.tax_id, ...). The host sees these as a few topics in plain words; a path we do not
// know becomes "other details", never the raw name.
export const REQUIREMENT_TOPICS = [
  "bankAccount",
  "identityDocument",
  "personalDetails",
  "address",
  "contact",
  "companyDetails",
  "companyPeople",
  "businessProfile",
  "terms",
  "other",
] as const;
export type RequirementTopic = (typeof REQUIREMENT_TOPICS)[number];

// Checked in order: the first rule whose test matches names the topic.
const RULES: [RegExp, RequirementTopic][] = [
  [/^external_account/, "bankAccount"],
  [/(^|\.)verification\./, "identityDocument"],
  [/(^|\.)(address|registered_address)(\.|$)/, "address"],
  [/(^|\.)(email|phone)$/, "contact"],
  [/^individual\.(first_name|last_name|dob|id_number|ssn_last_4|nationality|political_exposure)/, "personalDetails"],
  [
    /^(representative|owners|directors|executives|person_|company\.(owners|directors|executives)_provided)/,
    "companyPeople",
  ],
  [/^company\./, "companyDetails"],
  [/^business_profile\./, "businessProfile"],
  [/^tos_acceptance\./, "terms"],
];

function topicOf(requirement: string): RequirementTopic {
  return RULES.find(([test]) => test.test(requirement))?.[1] ?? "other";
}

/** The topics of what Stripe asks, each once, in a fixed order (bank account first). */
export function requirementTopics(requirements: readonly string[]): RequirementTopic[] {
  const found = new Set(requirements.map(topicOf));
  return REQUIREMENT_TOPICS.filter((topic) => found.has(topic));
}
