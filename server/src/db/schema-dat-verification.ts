/** When a DAT's verdicts were last brought up to date (migration 202612040600_dat_verification). */
export interface DatVerificationTable {
  dat_id: number;
  /** The platform the DAT was bound to then: bound to another since, it is verified in full. */
  platform_id: number;
  verified_at: string;
}
