/** The finance feature's public surface: what a car costs a month (the payment calculator). */
export { PaymentCalculator } from './components/payment-calculator.tsx';
