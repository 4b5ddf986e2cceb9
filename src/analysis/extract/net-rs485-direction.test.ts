// A half-duplex RS-485 UART's direction line (DE/RE) beside its TX and RX nets is a line of that UART.
import { describe, expect, it } from 'vitest';
import { foldBuses } from './net-buses.js';

describe('RS-485 direction lines', () => {
  it('folds DE into the UART with the same prefix, not on its own', () => {
    const buses = foldBuses(['WIND_TX', 'WIND_RX', 'WIND_DE', 'LCD_DE', 'LCD_CLK']);
    expect(buses.get('WIND_DE')?.name).toBe('WIND');
    expect(buses.get('WIND_DE')?.protocol).toBe('UART');
    expect(buses.get('LCD_DE')).toBeUndefined();
  });

  it('folds one DIR line ("LB_DIR" on the transceiver\'s DE and RE) the same way', () => {
    const buses = foldBuses(['LB_TXD', 'LB_RXD', 'LB_DIR', 'MOTOR_DIR']);
    expect(buses.get('LB_DIR')?.name).toBe('LB');
    expect(buses.get('MOTOR_DIR')).toBeUndefined();
  });
});
