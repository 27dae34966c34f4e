/** Four-eyes approvals: what other modules use. */
export { registerApprovalDescriber, registerApprovalExecutor } from './executors';
export {
  cancelWaitingApproval,
  getFourEyesThreshold,
  mirrorFirstApproval,
  mirrorSecondApproval,
  passFourEyes,
  type TFourEyesOutcome,
} from './gate';
export { countWaitingApprovals, describeFourEyes, findWaitingFirstApprovals } from './queue';
export { approvalRoutes } from './routes';
