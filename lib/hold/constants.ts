export const HOLD_API = "/api/erp/hold";
/** The longest window a hold may be given; a longer one is refused naming this many days. */
export const HOLD_MAX_DAYS = 31;
export const HOLD_REASON_MAX_LENGTH = 500;
export const BREAKER_STOPPER = "@breaker";
